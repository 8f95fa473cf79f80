import { count, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
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

/** Writes what a user's reviews show instead of who wrote them; the rest of each review stays. */
export async function replaceReviewerOfUser(
  tx: Transaction,
  userId: string,
  reviewer: Pick<ReviewRow, 'reviewName' | 'reviewEmail' | 'reviewPhoto'>,
): Promise<number> {
  const changed = await tx.update(reviews).set(reviewer).where(eq(reviews.userId, userId)).returning({ id: reviews.id });
  return changed.length;
}
