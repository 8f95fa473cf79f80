import type { Database } from './client.ts';
import { DEMO_PRODUCTS, DEMO_REVIEWS } from './demo-data.ts';
import { products, reviews } from './schema.ts';

const MINUTE = 60_000;

/**
 * Loads the demo catalogue and reviews into an empty database, in one transaction. A database that
 * already holds products or reviews is left alone, so restarts never duplicate or restore demo rows.
 */
export async function seedDemoData(db: Database, owner: { email: string; name: string }, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await tx.$count(products)) + (await tx.$count(reviews)) > 0) return false;
    await tx.insert(products).values(
      DEMO_PRODUCTS.map(({ slug, ...product }, index) => ({
        ...product,
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
