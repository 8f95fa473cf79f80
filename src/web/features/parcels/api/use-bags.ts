import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Bag,
  type BagPage,
  type BagParcelPage,
  type BagParcelView,
  type BagScanAnswer,
  bagLabelPath,
  bagManifestPath,
  type OpenBag,
} from '#shared/bag.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { queryString } from '#web/lib/query-string.ts';

const bagPath = (code: string) => `/api/ops/bags/${encodeURIComponent(code)}`;

/** GET /api/ops/bags: bags newest first, a page at a time; with a hub, those leaving from or going to it. */
export function useBagList(hub: string | undefined, cursor: string | undefined) {
  return useQuery({
    queryKey: queryKeys.bagList(hub, cursor),
    queryFn: ({ signal }) => apiRequest<BagPage>(`/api/ops/bags${queryString({ hub, cursor })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBag(code: string) {
  return useQuery({ queryKey: queryKeys.bag(code), queryFn: ({ signal }) => apiRequest<Bag>(bagPath(code), { signal }) });
}

export function useBagParcels(code: string, show: BagParcelView, cursor: string | undefined) {
  return useQuery({
    queryKey: queryKeys.bagParcels(code, show, cursor),
    queryFn: ({ signal }) => apiRequest<BagParcelPage>(`${bagPath(code)}/parcels${queryString({ show, cursor })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every change to a bag refreshes the bags and the parcels shown elsewhere (they move with it). */
function useBagChange<Input, Answer>(request: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.bags });
      await client.invalidateQueries({ queryKey: queryKeys.parcels });
    },
  });
}

export const useOpenBag = () => useBagChange((bag: OpenBag) => apiRequest<Bag>('/api/ops/bags', { method: 'POST', body: bag }));

/** Scans in (`parcels`) or, at arrival, out (`receipts`): one answer per code. */
export const useBagScan = (code: string, kind: 'parcels' | 'receipts') =>
  useBagChange((codes: string[]) => apiRequest<BagScanAnswer>(`${bagPath(code)}/${kind}`, { method: 'POST', body: { codes } }));

export const useTakeOut = (code: string) =>
  useBagChange((trackingCode: string) =>
    apiRequest<Bag>(`${bagPath(code)}/parcels/${encodeURIComponent(trackingCode)}`, { method: 'DELETE' }),
  );

/** A bag's move by its label: close, reopen, dispatch or arrival. */
export const useBagMove = () =>
  useBagChange(({ code, move }: { code: string; move: 'close' | 'reopen' | 'dispatch' | 'arrival' }) =>
    apiRequest<Bag>(`${bagPath(code)}/${move}`, { method: 'POST' }),
  );

export const downloadBagLabel = (code: string) => downloadFile(bagLabelPath(code), `bag-${code}.pdf`);
export const downloadManifest = (code: string, format: 'pdf' | 'csv') =>
  downloadFile(bagManifestPath(code, format), `manifest-${code}.${format}`);
