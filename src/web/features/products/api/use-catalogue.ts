import { useQuery } from '@tanstack/react-query';
import { type CataloguePage, type CatalogueQuery, catalogueSearch } from '#shared/catalogue.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The API call for one catalogue page; the server renders /products with the same (src/web/app/page-head.ts). */
export function cataloguePath(search: string): string {
  return search ? `/api/products?${search}` : '/api/products';
}

/** GET /api/products: one page of the catalogue's search (R-CATALOGUE). */
export function useCatalogue(query: CatalogueQuery) {
  const search = catalogueSearch(query);
  return useQuery({
    queryKey: queryKeys.catalogue(search),
    queryFn: ({ signal }) => apiRequest<CataloguePage>(cataloguePath(search), { authenticated: false, signal }),
  });
}
