import type { Database } from './client.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_REVIEWS } from './demo-data.ts';
import { categories, products, reviews } from './schema.ts';

const MINUTE = 60_000;

/**
 * Loads the demo catalogue and reviews into an empty database, in one transaction. A database that
 * already holds products or reviews is left alone, so restarts never duplicate or restore demo rows.
 */
export async function seedDemoData(db: Database, owner: { email: string; name: string }, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await tx.$count(products)) + (await tx.$count(reviews)) > 0) return false;
    const shelves = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    const categoryId = (name: string) => shelves.find((shelf) => shelf.name === name)?.id ?? null;
    await tx.insert(products).values(
      DEMO_PRODUCTS.map(({ slug, category, ...product }, index) => ({
        ...product,
        categoryId: categoryId(category),
        picture: `/images/products/${slug}.svg`,
        ownerEmail: owner.email,
        ownerName: owner.name,
        createdAt: new Date(now - (DEMO_PRODUCTS.length - index) * MINUTE),
      })),
    );
    await tx
      .insert(reviews)
      .values(
        DEMO_REVIEWS.map((review, index) => ({ ...review, createdAt: new Date(now - (DEMO_REVIEWS.length - index) * MINUTE) })),
      );
    return true;
  });
}
