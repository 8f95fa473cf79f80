import { desc } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { reviews } from '#server/db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

/** Newest first, as the testimonials show them; the id only breaks ties between equal timestamps. */
export function listReviewsNewestFirst(db: Database): Promise<ReviewRow[]> {
  return db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export async function insertReview(db: Database, values: NewReviewRow): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert returned no review');
  return row;
}
