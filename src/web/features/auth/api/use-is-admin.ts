import { useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/user.ts';
import { adminStatusPath } from '#web/lib/admin-status.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

interface AdminStatus {
  admin: boolean;
  role: Role;
}

/** GET /api/admin/{email}: one request for the admin check and the staff role. */
function useAdminStatus<T>(email: string | undefined, select: (status: AdminStatus) => T) {
  return useQuery({
    queryKey: queryKeys.adminCheck(email),
    enabled: Boolean(email),
    queryFn: ({ signal }) => apiRequest<AdminStatus>(adminStatusPath(email ?? ''), { signal }),
    select,
  });
}

/** The admin check (R-NAV): loading, then true or false. */
export function useIsAdmin(email: string | undefined) {
  return useAdminStatus(email, (status) => status.admin);
}

/** The account's role (R-ROLES): what the dashboard offers staff (the scan screen, the rider's run). */
export function useRole(email: string | undefined) {
  return useAdminStatus(email, (status) => status.role);
}
