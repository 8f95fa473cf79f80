import type { QueryClient } from '@tanstack/react-query';
import { requestAccessToken } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** After the session exists: fetch the access token for this email (R-TOKEN), and the session for the navbar and guards. */
export async function completeSignIn(queryClient: QueryClient, email: string): Promise<void> {
  const token = await requestAccessToken(email);
  queryClient.setQueryData(queryKeys.accessToken(email), token);
  await queryClient.invalidateQueries({ queryKey: queryKeys.session });
}
