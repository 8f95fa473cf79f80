import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type QuoteForm, quoteFormSchema, quoteQueryOf } from '#shared/parcel-forms.ts';
import type { Quote, QuoteQuery } from '#shared/quote.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The quote's address parameters, in a fixed order: one page, one kept answer. */
export function quoteSearch(query: QuoteQuery): string {
  return new URLSearchParams({
    from: query.from,
    to: query.to,
    weightGrams: String(query.weightGrams),
    codAmount: String(query.codAmount),
  }).toString();
}

/** The API call for a quote; the server renders /ship with the same (src/web/app/page-head.ts). */
export const quotePath = (query: QuoteQuery) => `/api/quote?${quoteSearch(query)}`;

/** What /ship's address asks for (from, to, weight in kg, cod in taka), as the quote form typed it. */
export function readShipAddress(search: URLSearchParams) {
  const typed = {
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    weight: search.get('weight') ?? '',
    cod: search.get('cod') ?? '',
  };
  const asked = ['from', 'to', 'weight'].some((name) => search.has(name));
  const parsed = asked ? quoteFormSchema.safeParse(typed) : undefined;
  const form: QuoteForm | undefined = parsed?.success ? parsed.data : undefined;
  return { typed, asked, parsed, query: form ? quoteQueryOf(form) : undefined };
}

/** GET /api/quote: every service's price for the parcel (R-QUOTE); nothing until the form is whole. */
export function useQuote(query: QuoteQuery | undefined) {
  const search = query ? quoteSearch(query) : '';
  return useQuery({
    queryKey: queryKeys.quote(search),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    // A refusal the server rendered the page with (an unknown area) is shown as it is, without JavaScript
    // too, instead of a spinner while it is asked again.
    retryOnMount: false,
    queryFn: ({ signal }) => apiRequest<Quote>(`/api/quote?${search}`, { authenticated: false, signal }),
  });
}
