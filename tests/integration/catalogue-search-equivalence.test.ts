import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicReads } from '#server/cache/public-reads.ts';
import { categories, products } from '#server/db/schema.ts';
import { CatalogueInMemory } from '#server/modules/products/catalogue-in-memory.ts';
import { type ProductSearch, searchProducts, WORD_SIMILARITY } from '#server/modules/products/repository.ts';
import { hasSimilarWord, lowerLikePostgres, trigramsOf } from '#server/modules/products/search-text.ts';
import { CATALOGUE_SORTS } from '#shared/catalogue.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../helpers/test-database.ts';

/*
 * The in-memory catalogue (decision 35) must answer what the SQL search answers (R-SEARCH,
 * R-CATALOGUE): first its text matching against PostgreSQL's own ILIKE and `<%` over many names and
 * searches, then whole searches (filters, orders, pages, totals) against `searchProducts`, before and
 * after products change. With a text it also forgives typos the database does not (decision 51), so
 * there it must find every product the database finds, and more only by forgiving.
 */

/** Words a shop's names are made of, with letters other scripts and lower-casing make interesting. */
const WORDS = [
  'Laptop',
  'laptops',
  'AeroBook',
  'Ultralight',
  'Gaming',
  'Mouse',
  'Monitor',
  'Wireless',
  'Headphones',
  'USB-C',
  'Dock',
  'SSD',
  'Mesh',
  'Node',
  'Router',
  'Keyboard',
  'Ergonomic',
  '4K',
  'X17',
  '14',
  '2TB',
  'Pro',
  'Mini',
  'PC',
  'Café',
  'ÉCOLE',
  'Straße',
  'Øresund',
  'İstanbul',
  'ΣΟΦΙΑ',
  'Ünïcode',
  'naïve',
  'Smørrebrød',
  'Überbook',
  'ß',
  'a',
  'I',
  'e-mail',
  "Tom's",
  'co.uk',
  '3.5"',
  '50%',
  'under_score',
  'back\\slash',
];
const LETTERS = [..."abcdeilmnoprstuyzABCELMNOPSXéüßİΣøλ0123456789 -_.%'"];

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
const word = fc.oneof({ arbitrary: pick(WORDS), weight: 4 }, fc.string({ unit: pick(LETTERS), minLength: 1, maxLength: 8 }));
const name = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));

/** A typo: one letter left out, doubled, swapped with the next, or replaced. */
const misspelt = (text: string) =>
  fc.tuple(fc.nat(text.length), fc.nat(3), pick(LETTERS)).map(([at, kind, letter]) => {
    const i = Math.min(at, Math.max(text.length - 1, 0));
    if (kind === 0) return text.slice(0, i) + text.slice(i + 1);
    if (kind === 1) return text.slice(0, i) + text[i] + text.slice(i);
    if (kind === 2) return text.slice(0, i) + (text[i + 1] ?? '') + (text[i] ?? '') + text.slice(i + 2);
    return text.slice(0, i) + letter + text.slice(i + 1);
  });

/** What shoppers type: parts of names, words with typos, other case, several words, one letter, noise. */
const searchOf = (names: string[]) =>
  fc
    .oneof(
      fc
        .tuple(pick(names), fc.nat(), fc.nat(12))
        .map(([text, from, length]) => text.slice(from % text.length, (from % text.length) + length + 1)),
      pick(WORDS).chain(misspelt),
      pick(names).chain(misspelt),
      fc.tuple(pick(WORDS), fc.boolean()).map(([text, upper]) => (upper ? text.toUpperCase() : text.toLowerCase())),
      fc.array(pick(WORDS), { minLength: 2, maxLength: 3 }).map((words) => words.join(' ')),
      fc.string({ unit: pick(LETTERS), minLength: 1, maxLength: 6 }),
    )
    .map((text) => text.trim().replace(/\s+/g, ' ') || 'a');

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, seed: number) => fc.sample(arbitrary, { numRuns, seed });

describe.each(testDatabaseKinds())('the in-memory catalogue against the SQL search on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('matches text exactly as ILIKE and pg_trgm word similarity do, over about 100,000 pairs of a name and a search', async () => {
    const names = [...new Set(sample(name, 400, 15))];
    const searches = [...new Set(sample(searchOf(names), 300, 35))];
    const { rows } = await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
      const pairs = await tx.execute(sql`
        select n.i::int as n, s.i::int as s, s.text <% n.text as similar,
               n.text ilike '%' || replace(replace(replace(s.text, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as contains,
               lower(n.text) as lowered
        from json_array_elements_text(${JSON.stringify(names)}::json) with ordinality as n(text, i),
             json_array_elements_text(${JSON.stringify(searches)}::json) with ordinality as s(text, i)`);
      return pairs as unknown as { rows: { n: number; s: number; similar: boolean; contains: boolean; lowered: string }[] };
    });
    expect(rows).toHaveLength(names.length * searches.length);
    const numbers = new Map<string, number>();
    const numberOf = (trigram: string) => {
      if (!numbers.has(trigram)) numbers.set(trigram, numbers.size);
      return numbers.get(trigram) as number;
    };
    const numbered = (text: string) => trigramsOf(text).map(numberOf);
    const nameTrigrams = names.map((text) => Int32Array.from(numbered(text)));
    const searchTrigrams = searches.map((text) => new Set(numbered(text)));
    const differences: string[] = [];
    let similarCount = 0;
    for (const row of rows) {
      const text = names[row.n - 1] as string;
      const search = searches[row.s - 1] as string;
      const similar = hasSimilarWord(
        searchTrigrams[row.s - 1] as Set<number>,
        nameTrigrams[row.n - 1] as Int32Array,
        WORD_SIMILARITY,
      );
      const contains = lowerLikePostgres(text).includes(lowerLikePostgres(search));
      if (similar) similarCount++;
      if (similar !== row.similar)
        differences.push(`${JSON.stringify(search)} <% ${JSON.stringify(text)}: database ${row.similar}`);
      if (contains !== row.contains)
        differences.push(`${JSON.stringify(text)} ILIKE ${JSON.stringify(search)}: database ${row.contains}`);
      if (row.s === 1 && lowerLikePostgres(text) !== row.lowered)
        differences.push(`lower(${JSON.stringify(text)}): database ${row.lowered}`);
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Typos must be among the pairs, or the comparison proves little about the similarity.
    expect(similarCount).toBeGreaterThan(1000);
  });

  describe('whole searches', () => {
    let reads: PublicReads;
    let catalogue: CatalogueInMemory;
    let names: string[];
    let categoryIds: string[];

    beforeAll(async () => {
      const { db } = database.handle;
      categoryIds = (
        await db
          .insert(categories)
          .values([{ name: 'Computers' }, { name: 'Audio' }])
          .returning()
      ).map((row) => row.id);
      names = sample(name, 150, 16);
      const product = (text: string, n: number) => ({
        name: text,
        description: `A ${WORDS[(n * 7) % WORDS.length]} thing, model ${n}.`,
        // Few prices, so many ties: the id breaks them.
        priceCents: 1000 + (n % 9) * 500,
        minQuantity: 1,
        maxQuantity: 10,
        availableQuantity: n % 4 === 0 ? 0 : n,
        picture: '/images/products/vault-ssd-2tb.svg',
        categoryId: n % 3 === 2 ? null : (categoryIds[n % 3] as string),
        ownerEmail: 'admin@shop.local',
        ownerName: 'Admin',
      });
      // One statement's rows share their creation time to the microsecond; the others differ by
      // microseconds within one millisecond, which a JavaScript date cannot tell apart.
      await db.insert(products).values(names.slice(0, 50).map(product));
      await db.insert(products).values(
        names.slice(50).map((text, n) => ({
          ...product(text, n + 50),
          createdAt: sql`timestamptz '2026-11-01 12:00:00.000+00' + ${(n * 37) % 900} * interval '1 microsecond'`,
        })),
      );
      reads = new PublicReads();
      catalogue = new CatalogueInMemory(db, reads);
    });

    const productSearch = () =>
      fc.record({
        // The end of one product's text and the start of another's, which the database never joins.
        text: fc.option(
          fc.oneof(
            searchOf(names),
            pick(names).map((text) => `.\n${text.slice(0, 4)}`),
          ),
          // Half without a text, where the two must agree row for row.
          { nil: undefined, freq: 2 },
        ),
        categoryId: fc.option(fc.constantFrom(...categoryIds), { nil: undefined }),
        minPriceCents: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: undefined }),
        maxPriceCents: fc.option(fc.integer({ min: 2000, max: 6000 }), { nil: undefined }),
        inStock: fc.boolean(),
        sort: fc.constantFrom(...CATALOGUE_SORTS),
        limit: fc.integer({ min: 1, max: 48 }),
        offset: fc.integer({ min: 0, max: 160 }),
      });

    let seed = 42;
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    /** The same answer as the database's; with a text, every product it finds and more in order. */
    const sameAnswer = async (search: ProductSearch) => {
      const fromMemory = await catalogue.search(search);
      if (search.text) {
        const everything = { ...search, limit: 10_000, offset: 0 };
        const allFromMemory = await catalogue.search(everything);
        const foundInMemory = new Set(ids(allFromMemory.rows));
        const fromDatabase = await searchProducts(database.handle.db, everything);
        expect(ids(fromDatabase.rows).filter((id) => !foundInMemory.has(id))).toEqual([]);
        expect(fromMemory.total).toBe(allFromMemory.total);
        expect(fromMemory.rows).toEqual(allFromMemory.rows.slice(search.offset, search.offset + search.limit));
        return fromMemory.total;
      }
      const fromDatabase = await searchProducts(database.handle.db, search);
      expect(fromMemory.total).toBe(fromDatabase.total);
      expect(ids(fromMemory.rows)).toEqual(ids(fromDatabase.rows));
      expect(fromMemory.rows).toEqual(fromDatabase.rows);
      return fromMemory.total;
    };
    const sameAnswers = (numRuns: number) =>
      fc.assert(
        fc.asyncProperty(productSearch(), async (search) => {
          await sameAnswer(search);
        }),
        { numRuns, seed: seed++ },
      );

    it('answers every search with the rows, order and total the database answers, and with a text finds all it finds', async () => {
      await sameAnswers(300);
    });

    it('still does after stock, price, name and category changes, additions and deletions', async () => {
      const { db } = database.handle;
      const all = await db.select().from(products).orderBy(products.name, products.id);
      const changed = (id?: string) => reads.catalogueChanged(id);
      // Prices, stock and descriptions alone are patched into what is kept: a new price must move its
      // product in the orders already sorted, a new description must be found and the old one not.
      const described = { inStock: false, sort: 'name', limit: 48, offset: 0 } as const;
      await sameAnswers(40);
      const before = await sameAnswer({ ...described, text: 'thing, model 4' });
      for (const [n, row] of all.slice(40, 70).entries()) {
        await db
          .update(products)
          .set({ priceCents: n % 2 ? row.priceCents + 750 : 1000, availableQuantity: n % 3, description: 'Now with a charger' })
          .where(eq(products.id, row.id));
        changed(row.id);
      }
      await sameAnswers(100);
      expect(await sameAnswer({ ...described, text: 'with a charger' })).toBe(30);
      expect(await sameAnswer({ ...described, text: 'thing, model 4' })).toBeLessThan(before);
      for (const [n, row] of all.slice(0, 40).entries()) {
        const edit = n % 5;
        if (edit === 0) await db.update(products).set({ availableQuantity: 0 }).where(eq(products.id, row.id));
        if (edit === 1)
          await db
            .update(products)
            .set({ priceCents: row.priceCents + 250 })
            .where(eq(products.id, row.id));
        if (edit === 2)
          await db
            .update(products)
            .set({ availableQuantity: 7, description: 'Now with a Wireless charger' })
            .where(eq(products.id, row.id));
        if (edit === 3) await db.delete(products).where(eq(products.id, row.id));
        if (edit === 4)
          await db
            .update(products)
            .set({ name: `${row.name} Laptop` })
            .where(eq(products.id, row.id));
        changed(row.id);
        if (n % 10 === 9) {
          const [added] = await db
            .insert(products)
            .values({ ...row, id: undefined, name: `New ${row.name}`, createdAt: undefined })
            .returning();
          changed(added?.id);
        }
        // Searched between the changes, so both patches and whole reloads are taken in.
        if (n % 8 === 0) await sameAnswers(5);
      }
      await sameAnswers(100);
      // A deleted category leaves its products without one: a change without a product.
      await db.delete(categories).where(eq(categories.id, categoryIds[0] as string));
      changed();
      await sameAnswers(100);
    });

    it('with other instances, reads everything again once as old as a kept answer may be, in case an announcement was lost', async () => {
      const { db } = database.handle;
      let now = 0;
      const unannounced = new CatalogueInMemory(db, new PublicReads({ now: () => now, announce: () => {} }));
      const search = { text: 'never announced', inStock: false, sort: 'newest', limit: 12, offset: 0 } as const;
      expect((await unannounced.search(search)).total).toBe(0);
      const [some] = await db.select().from(products).limit(1);
      await db
        .insert(products)
        .values({ ...(some as typeof products.$inferSelect), id: undefined, name: 'Never Announced Dock', createdAt: undefined });
      now = 59_999;
      expect((await unannounced.search(search)).total).toBe(0);
      now = 60_000;
      expect((await unannounced.search(search)).total).toBe(1);
    });
  });
});
