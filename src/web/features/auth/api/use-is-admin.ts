import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export function adminQueryKey(email: string | undefined) {
  return ['admin', email] as const;
}

/** The spec's admin check, GET /api/admin/{email}: loading, then true or false. */
export function useIsAdmin(email: string | undefined) {
  return useQuery({
    queryKey: adminQueryKey(email),
    enabled: Boolean(email),
    queryFn: ({ signal }) => apiRequest<{ admin: boolean }>(`/api/admin/${encodeURIComponent(email ?? '')}`, { signal }),
    select: (result) => result.admin,
  });
}
