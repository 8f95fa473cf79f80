import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearAccessToken } from '#web/lib/access-token.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { forgetRiderAppAnswers } from '#web/lib/rider-app-cache.ts';
import { useSession } from './use-session.ts';

/** Where each sign-out ends (R-NAV, R-ROUTES, R-ORDERS): Logout and a refused admin page on /login, a refused My Orders on /. */
export type SignOutDestination = '/' | '/login';

interface Departure {
  destination: SignOutDestination;
  /** Called on the destination page, with the session to end. */
  arrived: (sessionId: string | undefined) => void;
}

let departure: Departure | undefined;
/** The session ended here: Better Auth's own session store only learns it a round trip later. */
let endedSessionId: string | undefined;
let signingOut: Promise<void> | undefined;
/** The last sign-out was the server's refusal of the session, not the customer's click: the login page says so. */
let endedByServer = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page rendered on the server has no sign-out under way. */
const nothingOnServer = () => undefined;

function publish(change: () => void): void {
  change();
  for (const listener of listeners) listener();
}

/**
 * Signs out and ends on `destination`. The app goes there first and only then ends the session and
 * forgets the user's token and cached answers: ended on the page being left, its route guard raced
 * the sign-out to /login, and its queries asked again for the token and admin check of a user already
 * gone. A sign-out asked for while one runs joins it.
 */
export function signOut(queryClient: QueryClient, destination: SignOutDestination): Promise<void> {
  signingOut ??= leaveFor(queryClient, destination).finally(() => {
    signingOut = undefined;
  });
  return signingOut;
}

async function leaveFor(queryClient: QueryClient, destination: SignOutDestination): Promise<void> {
  const sessionId = await new Promise<string | undefined>((arrived) =>
    publish(() => {
      departure = { destination, arrived };
    }),
  );
  clearAccessToken();
  publish(() => {
    departure = undefined;
    endedSessionId = sessionId;
  });
  // A call still under way would answer 401 now, and that would start another sign-out.
  await queryClient.cancelQueries({ queryKey: queryKeys.signedIn });
  // The browser has forgotten the user either way; a session the server could not end runs out by itself.
  // Better Auth's client loads here, not with every page.
  await import('#web/lib/auth-client.ts').then(({ authClient }) => authClient.signOut()).catch(() => undefined);
  queryClient.setQueryData(queryKeys.session, null);
  queryClient.removeQueries({ queryKey: queryKeys.signedIn });
  await forgetRiderAppAnswers();
}

/** The server refused the session (a 401 on a call): sign out and say so on the login page, not silently (issue 26). */
export function signOutEndedByServer(queryClient: QueryClient): Promise<void> {
  publish(() => {
    endedByServer = true;
  });
  return signOut(queryClient, '/login');
}

/** Whether the login page should say the session ended. */
export function useEndedByServer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => endedByServer,
    () => false,
  );
}

/** Called when the login page that showed the notice is left. */
export function forgetEndedByServer(): void {
  publish(() => {
    endedByServer = false;
  });
}

/** Mounted once, in the root layout: takes a sign-out to its destination and reports the arrival. */
export function useSignOutJourney(): void {
  const current = useSyncExternalStore(subscribe, () => departure, nothingOnServer);
  const sessionId = useSession().data?.session.id;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!current) return;
    // Effects run after the page is on screen, so the page left behind can no longer react.
    if (pathname === current.destination) current.arrived(sessionId);
    else navigate(current.destination, { replace: true });
  }, [current, pathname, sessionId, navigate]);
}

/** The session this page signed out of, to be treated as gone at once. */
export function useEndedSessionId(): string | undefined {
  return useSyncExternalStore(subscribe, () => endedSessionId, nothingOnServer);
}
