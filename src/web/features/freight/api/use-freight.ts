import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreightRequest, FreightRequestInput } from '#shared/freight.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/freight-requests: the customer's own; an admin's are everyone's. */
export function useFreightRequests() {
  return useQuery({
    queryKey: queryKeys.freightRequests,
    queryFn: ({ signal }) => apiRequest<FreightRequest[]>('/api/freight-requests', { signal }),
  });
}

/** Every move of a freight request answers the request as it now stands: the list takes it in place. */
function useFreightMove<Input>(path: (id: string) => string, body: (input: Input) => unknown = () => undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) =>
      apiRequest<FreightRequest>(path(id), { method: 'POST', body: body(input) }),
    onSuccess: (moved) =>
      queryClient.setQueryData<FreightRequest[]>(queryKeys.freightRequests, (list) =>
        list?.map((request) => (request.id === moved.id ? moved : request)),
      ),
  });
}

export function useRequestFreight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FreightRequestInput) =>
      apiRequest<FreightRequest>('/api/freight-requests', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.freightRequests }),
  });
}

export const useAcceptFreight = () => useFreightMove<void>((id) => `/api/freight-requests/${id}/accept`);
export const useDeclineFreight = () => useFreightMove<void>((id) => `/api/freight-requests/${id}/decline`);
export const useQuoteFreight = () =>
  useFreightMove<{ amount: number; validUntil: string }>(
    (id) => `/api/admin/freight-requests/${id}/quote`,
    (input) => input,
  );
export const useScheduleFreight = () =>
  useFreightMove<{ scheduledFor: string }>(
    (id) => `/api/admin/freight-requests/${id}/schedule`,
    (input) => input,
  );
