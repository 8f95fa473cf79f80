import { useQuery } from '@tanstack/react-query';
import { accessTokenEmail, readAccessToken } from '#web/lib/access-token.ts';
import { requestAccessToken } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Makes sure a signed-in user holds an access token for their own email before pages call the API:
 * PUT /api/user/{email} after sign-in (R-TOKEN), repeated when the stored one belongs to someone else.
 */
export function useAccessToken(email: string | undefined) {
  return useQuery({
    queryKey: queryKeys.accessToken(email),
    enabled: Boolean(email),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const stored = readAccessToken();
      if (stored && email && accessTokenEmail(stored) === email) return stored;
      return requestAccessToken(email ?? '');
    },
  });
}
