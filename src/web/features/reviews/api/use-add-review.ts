import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostedReview } from '#shared/review.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/review; afterwards the testimonials are fetched again so the new review leads them. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> | FormData) => apiRequest<PostedReview>('/api/review', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
