import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  /** False until the customer follows the mailed link (R-EMAIL-VERIFY); Google accounts start true. */
  emailVerified?: boolean;
  /** The mobile the account signs in with by a code (+8801711000000), once proved (R-PHONE-SIGN-IN). */
  phoneNumber?: string | null;
}

/** Better Auth's session answer: the session and its user, or null for a visitor. */
export interface Session {
  session: { id: string };
  user: SignedInUser;
}

/**
 * GET /api/auth/get-session with the session cookie. Asked directly rather than through Better Auth's
 * client, whose code then loads only on the pages that sign in or out (issue 10's budgets); those
 * refresh this query when they are done (completeSignIn, signOut).
 */
export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: async ({ signal }): Promise<Session | null> => {
      const response = await fetch('/api/auth/get-session', { credentials: 'same-origin', signal });
      if (!response.ok) throw new Error(`The session check answered ${response.status}.`);
      return (await response.json()) as Session | null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    // One check, as Better Auth's own client makes: a failed one shows the visitor's navbar at once.
    retry: false,
  });
}
