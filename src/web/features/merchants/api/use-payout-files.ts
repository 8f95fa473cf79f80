import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutFiles, PayoutResultImport } from '#shared/payout-files.ts';
import type { ReconciliationReport } from '#shared/reconciliation.ts';
import { apiRequest, apiResponse } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/admin/payouts/runs/{day}/files: each file's payouts still to transfer (R-PAYOUT-FILES). */
export function usePayoutFiles(day: string | undefined) {
  return useQuery({
    queryKey: queryKeys.payoutFiles(day ?? ''),
    queryFn: ({ signal }) => apiRequest<PayoutFiles>(`/api/admin/payouts/runs/${day}/files`, { signal }),
    enabled: day !== undefined,
  });
}

/** POST /api/admin/payouts/results: the portal's result file, as its bytes (the server reads them as UTF-8 or refuses). */
export function useImportPayoutResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (await (
        await apiResponse('/api/admin/payouts/results', { method: 'POST', body: file, contentType: 'text/csv' })
      ).json()) as PayoutResultImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.merchants }),
  });
}

/** GET /api/admin/reconciliation?day=: the day's money against the ledger (R-RECONCILIATION). */
export function useReconciliation(day: string) {
  return useQuery({
    queryKey: queryKeys.reconciliation(day),
    queryFn: ({ signal }) => apiRequest<ReconciliationReport>(`/api/admin/reconciliation${day ? `?day=${day}` : ''}`, { signal }),
  });
}
