import { authClient } from '#web/lib/auth-client.ts';
import { useEndedSessionId } from './sign-out.ts';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
}

/** The signed-in user from the session cookie, or null; `isPending` while the first check runs. */
export function useViewer(): { user: SignedInUser | null; isPending: boolean } {
  const session = authClient.useSession();
  const endedSessionId = useEndedSessionId();
  const live = session.data && session.data.session.id !== endedSessionId ? session.data : null;
  return { user: (live?.user as SignedInUser | undefined) ?? null, isPending: session.isPending };
}
