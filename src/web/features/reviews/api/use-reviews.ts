import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REVIEW_TOTAL_HEADER, reviewPageOf, reviewPagePath } from '#shared/review-page.ts';
import { apiResponse } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/review?page=&pageSize=: one page of the testimonials, newest first, and how many there are
 * in all (R-BOUNDS). Public, so no token is sent. The page shown stays while the next one loads.
 */
export function useReviewPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.reviewPage(page, pageSize),
    queryFn: async ({ signal }) => {
      const response = await apiResponse(reviewPagePath(page, pageSize), { authenticated: false, signal });
      return reviewPageOf(await response.json(), response.headers.get(REVIEW_TOTAL_HEADER));
    },
    placeholderData: keepPreviousData,
  });
}
