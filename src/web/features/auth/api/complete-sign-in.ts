import type { QueryClient } from '@tanstack/react-query';
import { requestAccessToken } from '#web/lib/api-client.ts';

/** After the session exists: fetch the spec's access token for this email, as the spec's flow does. */
export async function completeSignIn(queryClient: QueryClient, email: string): Promise<void> {
  const token = await requestAccessToken(email);
  queryClient.setQueryData(['access-token', email], token);
}
