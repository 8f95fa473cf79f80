import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Which sign-in methods this server offers (Google only when configured), and whether emails must be verified. */
export function useSignInOptions() {
  return useQuery({
    queryKey: queryKeys.signInOptions,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) =>
      apiRequest<{ google: boolean; emailVerification: boolean }>('/api/sign-in-options', { authenticated: false, signal }),
  });
}
