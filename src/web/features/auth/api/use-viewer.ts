import { useEndedSessionId } from './sign-out.ts';
import { type SignedInUser, useSession } from './use-session.ts';

/** The signed-in user from the session cookie, or null; `isPending` while the first check runs. */
export function useViewer(): { user: SignedInUser | null; isPending: boolean } {
  const session = useSession();
  const endedSessionId = useEndedSessionId();
  const live = session.data && session.data.session.id !== endedSessionId ? session.data : null;
  return { user: live?.user ?? null, isPending: session.isPending };
}
