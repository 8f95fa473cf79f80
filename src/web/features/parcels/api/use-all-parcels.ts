import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminParcelsPage, AdminParcelsQuery } from '#shared/parcel-lists.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { queryString } from '#web/lib/query-string.ts';

export type AllParcelsFilter = Omit<AdminParcelsQuery, 'cursor'>;

/** GET /api/admin/parcels: a page of every parcel (admins), filtered, newest first. */
export function useAllParcels(filter: AllParcelsFilter, cursor: string | undefined) {
  return useQuery({
    queryKey: queryKeys.allParcels(filter, cursor),
    queryFn: ({ signal }) => apiRequest<AdminParcelsPage>(`/api/admin/parcels${queryString({ ...filter, cursor })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
