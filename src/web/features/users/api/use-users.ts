import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '#shared/messages.ts';
import type { ShopUser, StaffRoleInput } from '#shared/user.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';

export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: ({ signal }) => apiRequest<ShopUser[]>('/api/user', { signal }) });
}

function useRoleChange<Change>(request: (change: Change) => Promise<ShopUser>, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      toast.success(successMessage);
      // Admin checks of the changed user are now stale too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminChecks }),
      ]);
    },
    onError: (error) => toastApiError(error, /*i18n*/ 'The change could not be saved. Please try again.'),
  });
}

export function useGrantAdmin() {
  return useRoleChange(
    (email: string) => apiRequest<ShopUser>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' }),
    MESSAGES.adminAdded,
  );
}

export function useRevokeAdmin() {
  return useRoleChange(
    (email: string) => apiRequest<ShopUser>(`/api/adminRemove/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    MESSAGES.adminRemoved,
  );
}

/** A staff role for hub staff and riders, or `user` to take it back (issue 29). */
export function useSetStaffRole() {
  return useRoleChange(
    ({ email, role }: { email: string; role: StaffRoleInput['role'] }) =>
      apiRequest<ShopUser>(`/api/admin/users/${encodeURIComponent(email)}/role`, { method: 'PUT', body: { role } }),
    /*i18n*/ 'The role is saved.',
  );
}
