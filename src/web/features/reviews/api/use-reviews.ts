import { useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/review: the testimonials, newest first. Public, so no token is sent. */
export function useReviews() {
  return useQuery({
    queryKey: queryKeys.reviews,
    queryFn: ({ signal }) => apiRequest<Review[]>('/api/review', { authenticated: false, signal }),
  });
}
