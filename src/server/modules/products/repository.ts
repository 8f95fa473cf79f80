import { and, asc, count, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import { productSearchText, products } from '#server/db/schema.ts';
import type { CatalogueSort } from '#shared/catalogue.ts';
import type { ProductRow } from './stock.ts';

export type NewProductRow = typeof products.$inferInsert;
export type ProductChanges = Pick<
  NewProductRow,
  'name' | 'priceCents' | 'description' | 'minQuantity' | 'maxQuantity' | 'availableQuantity' | 'picture' | 'categoryId'
>;

/** Oldest first: the home grid (R-GRID) takes the list as the API returns it and shows the last 8 reversed. */
export function listProducts(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(products.createdAt, products.id);
}

/** A product with its place in the name order and in the order of creation, as the database sorts them. */
export interface RankedProductRow {
  row: ProductRow;
  nameRank: number;
  createdRank: number;
}

/**
 * Every product for the in-memory catalogue (decision 35), ranked by the database: its collation sorts
 * the names and its timestamps keep microseconds, which JavaScript's dates would lose.
 */
export function listRankedProducts(db: Database): Promise<RankedProductRow[]> {
  return db
    .select({
      row: products,
      nameRank: sql`row_number() over (order by ${products.name}, ${products.id})`.mapWith(Number),
      createdRank: sql`row_number() over (order by ${products.createdAt}, ${products.id})`.mapWith(Number),
    })
    .from(products);
}

export function findProducts(db: Database, ids: string[]): Promise<ProductRow[]> {
  return db.select().from(products).where(inArray(products.id, ids));
}

/** What the catalogue page asks the database for (R-CATALOGUE), prices in cents. */
export interface ProductSearch {
  text?: string;
  categoryId?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  inStock: boolean;
  sort: CatalogueSort;
  limit: number;
  offset: number;
}

/**
 * How close the search must be to a word of a product's name for a match despite a typo (R-SEARCH):
 * 0.4 lets "labtop" find "Laptop" and "mose" find "Mouse", and keeps "mouse" away from "Monitor".
 * pg_trgm's default, 0.6, misses one wrong letter in a short word.
 */
export const WORD_SIMILARITY = 0.4;

/** Ties broken by id, so a product never shows on two pages or on none (the in-memory catalogue sorts the same way). */
const ORDERS: Record<CatalogueSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  'price-asc': [asc(products.priceCents), asc(products.id)],
  'price-desc': [desc(products.priceCents), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
};

/**
 * One page of the products matching a search, and how many match in all. The text matches a part of
 * the name or description as typed, or a word of the name closely (pg_trgm's `<%`): typos are forgiven
 * in names only, because comparing against every description's words took half a second at 10,000
 * products (decision 20). Each side has its trigram index.
 */
export async function searchProducts(db: Database, search: ProductSearch): Promise<{ rows: ProductRow[]; total: number }> {
  const textMatch = search.text
    ? sql`(${productSearchText} ILIKE ${containsPattern(search.text)} OR ${search.text} <% ${products.name})`
    : undefined;
  const filters = and(
    search.categoryId ? eq(products.categoryId, search.categoryId) : undefined,
    search.minPriceCents !== undefined ? gte(products.priceCents, search.minPriceCents) : undefined,
    search.maxPriceCents !== undefined ? lte(products.priceCents, search.maxPriceCents) : undefined,
    search.inStock ? gt(products.availableQuantity, 0) : undefined,
  );
  const where = and(textMatch, filters);
  return db.transaction(async (tx) => {
    if (search.text) {
      // For this transaction only: the similarity threshold, and no sequential scan. The planner
      // prices a trigram index's ILIKE far above its real cost (1 ms) and would read every row instead.
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    }
    const rows = await tx
      .select()
      .from(products)
      .where(where)
      .orderBy(...ORDERS[search.sort])
      .limit(search.limit)
      .offset(search.offset);
    // A first page with room left holds every match; otherwise counting them is one more query.
    const total = search.offset === 0 && rows.length < search.limit ? rows.length : await countMatches(tx, textMatch, filters);
    return { rows, total };
  });
}

/**
 * How many products match. With a text, only the text selects rows (through the trigram indexes) and
 * the filters are checked on those rows alone: given both in WHERE, the planner read the price index
 * for every product and computed the similarity for each (57-74 ms at 10,000; 1-11 ms this way).
 */
async function countMatches(tx: Transaction, textMatch: SQL | undefined, filters: SQL | undefined): Promise<number> {
  const counted = textMatch && filters ? sql<number>`count(*) filter (where ${filters})` : count();
  const [row] = await tx
    .select({ total: counted.mapWith(Number) })
    .from(products)
    .where(textMatch ?? filters);
  return row?.total ?? 0;
}

export async function insertProduct(db: Database, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert returned no product');
  return row;
}

export async function updateProduct(db: Database, id: string, changes: ProductChanges): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function deleteProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning();
  return row;
}
