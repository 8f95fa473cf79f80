import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PostedReview, REVIEW_TOTAL_HEADER, type Review, type ReviewInput } from '#shared/review.ts';
import { apiRequest, apiResponse } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/review?page=&pageSize=: one page of the testimonials, newest first, and how many there are
 * in all (R-BOUNDS). Public, so no token is sent. The page shown stays while the next one loads.
 */
export function useReviewPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.reviewPage(page, pageSize),
    queryFn: async ({ signal }) => {
      const response = await apiResponse(`/api/review?page=${page}&pageSize=${pageSize}`, { authenticated: false, signal });
      return { reviews: (await response.json()) as Review[], total: Number(response.headers.get(REVIEW_TOTAL_HEADER) ?? 0) };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/review; afterwards the testimonials are fetched again so the new review leads them. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => apiRequest<PostedReview>('/api/review', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
