import { count, desc } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { reviews } from '#server/db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

/** One page, newest first, as the testimonials show them; the id only breaks ties between equal timestamps. */
export function listReviewsNewestFirst(db: Database, page: { offset: number; limit: number }): Promise<ReviewRow[]> {
  return db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).offset(page.offset).limit(page.limit);
}

export async function countReviews(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews);
  return row?.total ?? 0;
}

export async function insertReview(db: Database, values: NewReviewRow): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert returned no review');
  return row;
}
