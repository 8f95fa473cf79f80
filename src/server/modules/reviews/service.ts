import { z } from 'zod';
import type { Viewer } from '#server/auth/plugin.ts';
import { PUBLIC_READS, type PublicAnswer, type PublicReads } from '#server/cache/public-reads.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { MESSAGES } from '#shared/messages.ts';
import { type PostedReview, type Review, type ReviewInput, type ReviewPageQuery, reviewSchema } from '#shared/review.ts';
import { REVIEW_TOTAL_HEADER } from '#shared/review-page.ts';
import { countReviews, insertReview, listReviewsNewestFirst, type ReviewRow, replaceReviewerOfUser } from './repository.ts';

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  reviewName: row.reviewName,
  reviewPhoto: row.reviewPhoto,
  reviewRating: row.reviewRating,
  reviewDescription: row.reviewDescription,
  createdAt: row.createdAt.toISOString(),
});

const testimonialsPageSchema = z.object({ reviews: z.array(reviewSchema), total: z.number().int() });
type TestimonialsPage = z.infer<typeof testimonialsPageSchema>;

async function readTestimonialsPage(db: Database, { page, pageSize }: ReviewPageQuery): Promise<TestimonialsPage> {
  const [rows, total] = await Promise.all([
    listReviewsNewestFirst(db, { offset: (page - 1) * pageSize, limit: pageSize }),
    countReviews(db),
  ]);
  return { reviews: rows.map(toReview), total };
}

/**
 * A page of the testimonials as served: the reviews as a JSON array (the original client's shape) and
 * their total in a header. Read from the database once per new review and page, not once per visitor.
 */
export function testimonialsAnswer(
  db: Database,
  reads: PublicReads,
  query: ReviewPageQuery,
): PublicAnswer | Promise<PublicAnswer> {
  return reads.answer(
    PUBLIC_READS.testimonials(query.page, query.pageSize),
    testimonialsPageSchema,
    () => readTestimonialsPage(db, query),
    { body: (page) => page.reviews, headers: (page) => ({ [REVIEW_TOTAL_HEADER]: String(page.total) }) },
  );
}

/**
 * The reviewer is whoever is signed in: a name or email in the request body is never trusted.
 * The description is stored as typed; the web app shows it as text, so markup in it stays harmless.
 */
export async function addReview(db: Database, viewer: Viewer, input: ReviewInput): Promise<PostedReview> {
  const row = await insertReview(db, {
    userId: viewer.userId,
    reviewName: viewer.name.trim() || viewer.email,
    reviewEmail: viewer.email,
    reviewPhoto: input.reviewPhoto,
    reviewRating: input.reviewRating,
    reviewDescription: input.reviewDescription,
  });
  return { ...toReview(row), reviewEmail: row.reviewEmail };
}

/**
 * R-ACCOUNT-DELETE: a deleted account's reviews stay as "A former customer", with no photo and no email
 * (decision 0053). Answers whether any review changed: the testimonials then need reading again.
 */
export async function forgetReviewer(tx: Transaction, userId: string): Promise<boolean> {
  const changed = await replaceReviewerOfUser(tx, userId, {
    reviewName: MESSAGES.formerCustomer,
    reviewEmail: '',
    reviewPhoto: '',
  });
  return changed > 0;
}
