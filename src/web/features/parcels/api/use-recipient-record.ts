import { useQuery } from '@tanstack/react-query';
import { bdMobileSchema } from '#shared/bd-mobile.ts';
import type { RecipientRecord } from '#shared/recipient-record.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * POST /api/merchant/recipient-record (R-RECIPIENT-RECORD): asked for an approved merchant once the typed
 * number is a whole mobile number, once per number (each look is logged and counted), the number in the body.
 */
export function useRecipientRecord(enabled: boolean, typed: string) {
  const phone = bdMobileSchema.safeParse(typed);
  const normal = phone.success ? phone.data : '';
  return useQuery({
    queryKey: queryKeys.recipientRecord(normal),
    enabled: enabled && phone.success,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: ({ signal }) =>
      apiRequest<RecipientRecord>('/api/merchant/recipient-record', { method: 'POST', body: { phone: normal }, signal }),
  });
}
