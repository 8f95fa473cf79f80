import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayPickups, Pickup, PickupInput, PickupsAhead, StaffPickup } from '#shared/pickup.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { queryString } from '#web/lib/query-string.ts';

/** GET /api/pickups: the sender's pickups, the latest first. */
export function useMyPickups() {
  return useQuery({
    queryKey: queryKeys.myPickups,
    queryFn: ({ signal }) => apiRequest<Pickup[]>('/api/pickups', { signal }),
  });
}

export function useRequestPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PickupInput) => apiRequest<Pickup>('/api/pickups', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myPickups }),
  });
}

/** POST /api/pickups/{id}/cancel: one of the sender's pickups, before its window begins (issue 42). */
export function useCancelPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Pickup>(`/api/pickups/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myPickups }),
  });
}

/** GET /api/admin/pickups?day=: a page of a day's pickups area by area (admins); today's without a day. */
export function useDayPickups(day: string | undefined, cursor: string | undefined) {
  return useQuery({
    queryKey: queryKeys.dayPickups(day ?? 'today', cursor),
    queryFn: ({ signal }) => apiRequest<DayPickups>(`/api/admin/pickups${queryString({ day, cursor })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/pickups/ahead: today and the coming days with pickups (R-PICKUPS-AHEAD). */
export function usePickupsAhead() {
  return useQuery({
    queryKey: queryKeys.pickupsAhead,
    queryFn: ({ signal }) => apiRequest<PickupsAhead>('/api/admin/pickups/ahead', { signal }),
  });
}

/** PUT /api/admin/pickups/{id}/rider: the rider sent to collect a pickup, or none; the days' lists are read again. */
export function useSendRiderToPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rider }: { id: string; rider: string | null }) =>
      apiRequest<Pick<StaffPickup, 'id' | 'rider'>>(`/api/admin/pickups/${encodeURIComponent(id)}/rider`, {
        method: 'PUT',
        body: { rider },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pickupsAhead.slice(0, 2) }),
  });
}
