import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkBooking } from '#shared/bulk-booking.ts';
import {
  type LedgerCursor,
  type LedgerPage,
  type Merchant,
  type MerchantApplicationInput,
  type MerchantList,
  type MerchantStatus,
  PAYOUTS_PER_PAGE,
  type Payout,
} from '#shared/merchant.ts';
import type { ApiKey, ApiKeyInput, NewApiKey } from '#shared/merchant-api.ts';
import type { ParcelOutcomes } from '#shared/parcel-outcomes.ts';
import type { PayoutRun } from '#shared/payout-run.ts';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEndpointInput } from '#shared/webhooks.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/merchant: the viewer's merchant account, or null when they never applied. */
export function useMerchant() {
  return useQuery({
    queryKey: queryKeys.merchant,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<Merchant>('/api/merchant', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /api/merchant/application: the account as it now stands replaces the one shown. */
export function useApplyAsMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: MerchantApplicationInput) =>
      apiRequest<Merchant>('/api/merchant/application', { method: 'POST', body: application }),
    onSuccess: (merchant) => queryClient.setQueryData(queryKeys.merchant, merchant),
  });
}

/** GET /api/merchant/ledger: one page of an approved merchant's lines (the newest, or next to a line), and the balance. */
export function useLedger(page: LedgerCursor, enabled: boolean) {
  const next = page.before ? `?before=${page.before}` : page.after ? `?after=${page.after}` : '';
  return useQuery({
    queryKey: queryKeys.ledger(page),
    enabled,
    queryFn: ({ signal }) => apiRequest<LedgerPage>(`/api/merchant/ledger${next}`, { signal }),
  });
}

/**
 * Payouts newest first, a page at a time (issue 40): the next page is those numbered before the last
 * one shown, asked for only when a full page came back.
 */
function usePayoutPages(path: string, queryKey: readonly unknown[], enabled = true) {
  return useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<Payout[]>(pageParam ? `${path}?before=${encodeURIComponent(pageParam)}` : path, { signal }),
    getNextPageParam: (last: Payout[]) => (last.length === PAYOUTS_PER_PAGE ? last.at(-1)?.number : undefined),
  });
}

/** GET /api/merchant/payouts: the merchant's payouts, newest first, a page at a time. */
export function useMyPayouts(enabled: boolean) {
  return usePayoutPages('/api/merchant/payouts', queryKeys.myPayouts, enabled);
}

/** GET /api/admin/merchants: a page of the accounts of one standing, after an account (admins). */
export function useMerchants(status: MerchantStatus, after?: string) {
  const query = new URLSearchParams({ status, ...(after ? { after } : {}) });
  return useQuery({
    queryKey: queryKeys.merchantList(status, after),
    queryFn: ({ signal }) => apiRequest<MerchantList>(`/api/admin/merchants?${query}`, { signal }),
  });
}

/** POST /api/admin/merchants/{id}/approve or /refuse (with the reason): the list is read again. */
export function useDecideOnMerchant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      apiRequest<Merchant>(`/api/admin/merchants/${id}/${reason === undefined ? 'approve' : 'refuse'}`, {
        method: 'POST',
        body: reason === undefined ? undefined : { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.merchants }),
  });
}

/** GET /api/admin/payouts: every payout, newest first, a page at a time (admins). */
export function usePayouts() {
  return usePayoutPages('/api/admin/payouts', queryKeys.payouts);
}

/** How often an admin's page asks how a running payout run is getting on. */
const FOLLOW_RUN_EVERY_MS = 2_000;

/**
 * GET /api/admin/payouts/runs/current (issue 40): the latest run, asked again every two seconds while it
 * runs; when it is done the balances and payouts it changed are read again.
 */
export function usePayoutRun() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.payoutRun,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<PayoutRun | null>(queryKeys.payoutRun);
      const run = await apiRequest<PayoutRun | null>('/api/admin/payouts/runs/current', { signal });
      if (before?.state === 'running' && run?.state === 'done') {
        await queryClient.invalidateQueries({ queryKey: queryKeys.payouts });
        await queryClient.invalidateQueries({ queryKey: queryKeys.merchants, exact: true });
      }
      return run;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? FOLLOW_RUN_EVERY_MS : false),
  });
}

/** POST /api/admin/payouts/run (answered at once with the run, followed from then on), and POST /api/admin/payouts/{id}/paid. */
export function usePayoutActions() {
  const queryClient = useQueryClient();
  return {
    run: useMutation({
      // `confirm`: the admin ticked "Yes, make the payouts now"; the server refuses the run otherwise (R-PAYOUT-CONFIRM).
      mutationFn: (confirm: boolean) => apiRequest<PayoutRun>('/api/admin/payouts/run', { method: 'POST', body: { confirm } }),
      onSuccess: (run) => queryClient.setQueryData(queryKeys.payoutRun, run),
    }),
    markPaid: useMutation({
      mutationFn: ({ id, reference }: { id: string; reference: string }) =>
        apiRequest<Payout>(`/api/admin/payouts/${id}/paid`, { method: 'POST', body: { reference } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.merchants }),
    }),
  };
}

/** The merchant's API keys (issue 30): listed without the keys; made (the key shown once) and revoked here. */
export function useApiKeys() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
  return {
    list: useQuery({
      queryKey: queryKeys.apiKeys,
      queryFn: ({ signal }) => apiRequest<ApiKey[]>('/api/merchant/api-keys', { signal }),
    }),
    create: useMutation({
      mutationFn: (input: ApiKeyInput) => apiRequest<NewApiKey>('/api/merchant/api-keys', { method: 'POST', body: input }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => apiRequest<ApiKey>(`/api/merchant/api-keys/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

/** The merchant's bulk bookings (R-BULK-BOOKING): the files booked, newest first, and a new file's upload. */
export function useBulkBookings() {
  const queryClient = useQueryClient();
  return {
    list: useQuery({
      queryKey: queryKeys.bulkBookings,
      queryFn: ({ signal }) => apiRequest<BulkBooking[]>('/api/merchant/bulk-bookings', { signal }),
    }),
    book: useMutation({
      mutationFn: (form: FormData) => apiRequest<BulkBooking>('/api/merchant/bulk-bookings', { method: 'POST', body: form }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bulkBookings }),
    }),
  };
}

/** The merchant's webhook endpoints (R-WEBHOOKS): listed without secrets; registered (the secret shown once) and removed here. */
export function useWebhookEndpoints() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
  return {
    list: useQuery({
      queryKey: queryKeys.webhooks,
      queryFn: ({ signal }) => apiRequest<WebhookEndpoint[]>('/api/merchant/webhooks', { signal }),
    }),
    create: useMutation({
      mutationFn: (endpoint: WebhookEndpointInput) =>
        apiRequest<NewWebhookEndpoint>('/api/merchant/webhooks', { method: 'POST', body: endpoint }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest<WebhookEndpoint>(`/api/merchant/webhooks/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}

/** One endpoint's delivery log, read while it is open; a resend reads it again. */
export function useWebhookDeliveries(endpointId: string) {
  const queryClient = useQueryClient();
  return {
    log: useQuery({
      queryKey: queryKeys.webhookDeliveries(endpointId),
      queryFn: ({ signal }) => apiRequest<WebhookDelivery[]>(`/api/merchant/webhooks/${endpointId}/deliveries`, { signal }),
    }),
    resend: useMutation({
      mutationFn: (deliveryId: string) =>
        apiRequest<WebhookDelivery>(`/api/merchant/webhooks/deliveries/${deliveryId}/resend`, { method: 'POST' }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(endpointId) }),
    }),
  };
}

/** GET /api/consignments/outcomes: how the merchant's parcels ended, by the week they were booked (R-PARCEL-OUTCOMES). */
export function useParcelOutcomes() {
  return useQuery({
    queryKey: queryKeys.parcelOutcomes,
    queryFn: ({ signal }) => apiRequest<ParcelOutcomes>('/api/consignments/outcomes', { signal }),
  });
}

/** PUT /api/merchant/confirm-every-cod: ask every COD parcel's recipient to confirm it before pickup, or not. */
export function useConfirmEveryCod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmEveryCod: boolean) =>
      apiRequest<{ confirmEveryCod: boolean }>('/api/merchant/confirm-every-cod', { method: 'PUT', body: { confirmEveryCod } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.merchant }),
  });
}
