import type { Review } from './review.ts';

/**
 * GET /api/review answers one page of the testimonials as a JSON array (its shape in R-API) and says in
 * this header how many reviews there are in all, over every page (R-BOUNDS). Kept apart from the review
 * schemas so the pages that only read reviews do not load zod.
 */
export const REVIEW_TOTAL_HEADER = 'x-total-count';

/** One page of the testimonials as the web app keeps it: the reviews and the total. */
export interface ReviewPage {
  reviews: Review[];
  total: number;
}

/** The page from the answer's body and its total header, the same in the browser and on the server. */
export function reviewPageOf(body: unknown, totalHeader: string | null | undefined): ReviewPage {
  return { reviews: body as Review[], total: Number(totalHeader ?? 0) };
}

export const reviewPagePath = (page: number, pageSize: number) => `/api/review?page=${page}&pageSize=${pageSize}`;
