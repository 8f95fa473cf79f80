import type { QueryClient } from '@tanstack/react-query';
import { clearAccessToken } from '#web/lib/access-token.ts';
import { authClient } from '#web/lib/auth-client.ts';

/** Ends the server session, forgets the access token and every cached answer that belonged to the user. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  clearAccessToken();
  await authClient.signOut().catch(() => undefined);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'products' });
}
