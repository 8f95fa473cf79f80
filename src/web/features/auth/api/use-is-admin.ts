import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The admin check (R-NAV), GET /api/admin/{email}: loading, then true or false. */
export function useIsAdmin(email: string | undefined) {
  return useQuery({
    queryKey: queryKeys.adminCheck(email),
    enabled: Boolean(email),
    queryFn: ({ signal }) => apiRequest<{ admin: boolean }>(`/api/admin/${encodeURIComponent(email ?? '')}`, { signal }),
    select: (result) => result.admin,
  });
}
