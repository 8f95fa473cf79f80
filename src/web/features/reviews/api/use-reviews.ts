import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostedReview, Review } from '#shared/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/review: the testimonials, newest first. Public, so no token is sent. */
export function useReviews() {
  return useQuery({
    queryKey: queryKeys.reviews,
    queryFn: ({ signal }) => apiRequest<Review[]>('/api/review', { authenticated: false, signal }),
  });
}

/** POST /api/review; afterwards the testimonials are fetched again so the new review leads them. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> | FormData) => apiRequest<PostedReview>('/api/review', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
