import type { AuthAnswer, authClient } from './auth-client.ts';

/** Better Auth's browser client (12 KB gzip) loads with its first call: the pages with its buttons hydrate without it. */
export const loadAuthClient = () => import('./auth-client.ts');

/** Asks Better Auth with `call`; its answer, or its refusal as our ApiError (authResult). */
export async function askAuth<T>(call: (client: typeof authClient) => Promise<AuthAnswer<T>>): Promise<T> {
  const { authClient: client, authResult } = await loadAuthClient();
  return authResult(call(client));
}
