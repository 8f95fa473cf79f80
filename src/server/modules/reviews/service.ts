import { z } from 'zod';
import type { Viewer } from '#server/auth/plugin.ts';
import { PUBLIC_READS, type PublicAnswer, type PublicReads } from '#server/cache/public-reads.ts';
import type { Database } from '#server/db/client.ts';
import { type PostedReview, type Review, type ReviewInput, reviewSchema } from '#shared/review.ts';
import { insertReview, listReviewsNewestFirst, type ReviewRow } from './repository.ts';

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  reviewName: row.reviewName,
  reviewPhoto: row.reviewPhoto,
  reviewRating: row.reviewRating,
  reviewDescription: row.reviewDescription,
  createdAt: row.createdAt.toISOString(),
});

const testimonialsSchema = z.array(reviewSchema);

async function listTestimonials(db: Database): Promise<Review[]> {
  return (await listReviewsNewestFirst(db)).map(toReview);
}

/** The testimonials as served: read from the database once per new review, not once per visitor. */
export function testimonialsAnswer(db: Database, reads: PublicReads): PublicAnswer | Promise<PublicAnswer> {
  return reads.answer(PUBLIC_READS.testimonials, testimonialsSchema, () => listTestimonials(db));
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
