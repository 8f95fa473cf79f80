import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '#shared/user.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/userInfo/{email}: the saved email, name, address and phone number. */
export function useProfile(email: string | undefined) {
  return useQuery({
    queryKey: queryKeys.profile(email),
    enabled: Boolean(email),
    queryFn: ({ signal }) => apiRequest<Profile>(`/api/userInfo/${encodeURIComponent(email ?? '')}`, { signal }),
  });
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiRequest<Profile>(`/api/userInfo/${encodeURIComponent(email)}`, { method: 'PUT', body: input }),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile(email), profile),
  });
}
