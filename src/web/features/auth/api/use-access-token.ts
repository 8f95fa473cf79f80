import { useQuery } from '@tanstack/react-query';
import { accessTokenEmail, readAccessToken } from '#web/lib/access-token.ts';
import { requestAccessToken } from '#web/lib/api-client.ts';

/**
 * Makes sure a signed-in user holds an access token for their own email before pages call the API:
 * the spec's PUT /api/user/{email} after sign-in, repeated when the stored one belongs to someone else.
 */
export function useAccessToken(email: string | undefined) {
  return useQuery({
    queryKey: ['access-token', email],
    enabled: Boolean(email),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const stored = readAccessToken();
      if (stored && email && accessTokenEmail(stored) === email) return stored;
      return requestAccessToken(email ?? '');
    },
  });
}
