import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { categories } from '#server/db/schema.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** By name, as the filter and the forms list them. */
export function listCategories(db: Database): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
}

export async function findCategory(db: Database, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

/** Answers nothing when another category has the name already, whatever its case (the unique index decides). */
export async function insertCategory(db: Database, name: string): Promise<CategoryRow | undefined> {
  const [row] = await db.insert(categories).values({ name }).onConflictDoNothing().returning();
  return row;
}

export async function renameCategory(db: Database, id: string, name: string): Promise<CategoryRow | undefined> {
  const [row] = await db.update(categories).set({ name }).where(eq(categories.id, id)).returning();
  return row;
}

/** Its products stay, without a category (the foreign key sets theirs to null). */
export async function deleteCategory(db: Database, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning();
  return row;
}
