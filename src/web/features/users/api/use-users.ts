import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { MESSAGES } from '#shared/messages.ts';
import type { ShopUser } from '#shared/user.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';

const USERS_QUERY_KEY = ['users'] as const;

export function useUsers() {
  return useQuery({ queryKey: USERS_QUERY_KEY, queryFn: ({ signal }) => apiRequest<ShopUser[]>('/api/user', { signal }) });
}

function useRoleChange(request: (email: string) => Promise<ShopUser>, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      toast.success(successMessage);
      // Admin checks of the changed user are now stale too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]);
    },
    onError: (error) => {
      toast.error(error instanceof ApiError ? error.message : 'The change could not be saved. Please try again.');
    },
  });
}

export function useGrantAdmin() {
  return useRoleChange(
    (email) => apiRequest<ShopUser>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' }),
    MESSAGES.adminAdded,
  );
}

export function useRevokeAdmin() {
  return useRoleChange(
    (email) => apiRequest<ShopUser>(`/api/adminRemove/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    MESSAGES.adminRemoved,
  );
}
