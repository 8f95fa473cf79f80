import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consignment } from '#shared/consignment.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const feePath = (trackingCode: string, step: 'payment-intent' | 'payment') =>
  `/api/consignments/${encodeURIComponent(trackingCode)}/${step}`;

/** POST …/payment-intent: the fee's one card payment; asking again (a reload) starts no second one. */
export function useFeeClientSecret(trackingCode: string) {
  return useQuery({
    queryKey: queryKeys.feePayment(trackingCode),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<{ clientSecret: string }>(feePath(trackingCode, 'payment-intent'), { method: 'POST', signal }),
    select: (answer) => answer.clientSecret,
  });
}

/** PATCH …/payment: the server checks the payment with the processor and marks the fee paid. */
export function useRecordFeePayment(trackingCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiRequest<Consignment>(feePath(trackingCode, 'payment'), { method: 'PATCH', body: { transactionId } }),
    onSuccess: async (parcel) => {
      queryClient.setQueryData(queryKeys.parcel(trackingCode), parcel);
      await queryClient.invalidateQueries({ queryKey: queryKeys.parcels });
    },
  });
}
