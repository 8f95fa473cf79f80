import type { CatalogueSort } from '#shared/catalogue.ts';
import { CatalogueWords, NO_MATCH } from './catalogue-words.ts';
import { type ProductSearch, type RankedProductRow, WORD_SIMILARITY } from './repository.ts';
import { hasSimilarWord, lowerLikePostgres, trigramsOf } from './search-text.ts';
import type { ProductRow } from './stock.ts';

export type SearchResult = { rows: ProductRow[]; total: number };

/** One product as the in-memory catalogue searches it. */
interface Entry {
  row: ProductRow;
  /** Its place among every product, in `postings` and the per-search counts. */
  slot: number;
  nameRank: number;
  createdRank: number;
  /** Name and description lower-cased as ILIKE compares them. */
  text: string;
  /** The name's trigrams in order, each as its number in the catalogue's vocabulary. */
  nameTrigrams: Int32Array;
}

/** The same orders as the SQL search's ORDERS, ties broken by id (ids are lower-case hex, sorted as uuids). */
const byId = (a: Entry, b: Entry) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);
const COMPARE: Record<CatalogueSort, (a: Entry, b: Entry) => number> = {
  newest: (a, b) => b.createdRank - a.createdRank,
  'price-asc': (a, b) => a.row.priceCents - b.row.priceCents || byId(a, b),
  'price-desc': (a, b) => b.row.priceCents - a.row.priceCents || byId(b, a),
  name: (a, b) => a.nameRank - b.nameRank,
};

/** Every product, with what the search needs ready: 10,000 products take a few megabytes. */
export class CatalogueSnapshot {
  private readonly entries = new Map<string, Entry>();
  /** How many products were read: every slot the per-search counts need. */
  private readonly slotCount: number;
  private readonly vocabulary = new Map<string, number>();
  /** Which products' names hold each trigram, as pg_trgm's GIN index knows it. */
  private readonly postings: Entry[][] = [];
  private readonly orders = new Map<CatalogueSort, Entry[]>();
  private allText: AllText | undefined;
  private words: CatalogueWords | undefined;

  constructor(ranked: RankedProductRow[]) {
    this.slotCount = ranked.length;
    for (const [slot, { row, nameRank, createdRank }] of ranked.entries()) {
      const nameTrigrams = Int32Array.from(trigramsOf(row.name), (trigram) => this.numberOf(trigram));
      const entry: Entry = { row, slot, nameRank, createdRank, text: searchTextOf(row), nameTrigrams };
      this.entries.set(row.id, entry);
      for (const trigram of new Set(nameTrigrams)) this.postings[trigram]?.push(entry);
    }
  }

  private numberOf(trigram: string): number {
    let known = this.vocabulary.get(trigram);
    if (known === undefined) {
      known = this.vocabulary.size;
      this.vocabulary.set(trigram, known);
      this.postings.push([]);
    }
    return known;
  }

  /**
   * Takes in the products as the database now has them (`rows`, of those `ids` that still exist).
   * False when one is new or renamed: its place in the name and creation orders is the database's to
   * say (its collation, its microseconds), so the caller loads everything again.
   */
  patch(ids: string[], rows: ProductRow[]): boolean {
    const current = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const entry = this.entries.get(id);
      const row = current.get(id);
      if (!row) {
        if (this.entries.delete(id)) {
          this.orders.clear();
          this.forgetTexts();
        }
        continue;
      }
      if (!entry || entry.row.name !== row.name || entry.row.createdAt.getTime() !== row.createdAt.getTime()) return false;
      if (entry.row.priceCents !== row.priceCents) this.orders.clear();
      entry.row = row;
      const text = searchTextOf(row);
      if (text !== entry.text) this.forgetTexts();
      entry.text = text;
    }
    return true;
  }

  private forgetTexts(): void {
    this.allText = undefined;
    this.words = undefined;
  }

  private ordered(sort: CatalogueSort): Entry[] {
    let order = this.orders.get(sort);
    if (!order) {
      order = [...this.entries.values()].sort(COMPARE[sort]);
      this.orders.set(sort, order);
    }
    return order;
  }

  /**
   * One page of the matching products in the chosen order and how many match (R-CATALOGUE, R-SEARCH).
   * Without a text, what `searchProducts` answers. With one, the products it finds as typed come
   * first, then those found with one typo, two, and so on, each group in the chosen order (decision 51).
   */
  search(search: ProductSearch): SearchResult {
    const rankOf = search.text ? this.textRanker(search.text) : undefined;
    const order = this.ordered(search.sort);
    const { categoryId, minPriceCents, maxPriceCents, inStock } = search;
    // Each product's rank in this order, and how many each rank has: the page is then read from them
    // without gathering every match in arrays. With an indexed loop, a miss at 10,000 products takes
    // about two thirds of the time it did (docs/performance.md).
    const rankAt = new Uint16Array(order.length).fill(UNRANKED);
    const perRank = new Int32Array(NO_MATCH + 1);
    let total = 0;
    for (let index = 0; index < order.length; index++) {
      const entry = order[index] as Entry;
      const row = entry.row;
      if (categoryId !== undefined && row.categoryId !== categoryId) continue;
      if (minPriceCents !== undefined && row.priceCents < minPriceCents) continue;
      if (maxPriceCents !== undefined && row.priceCents > maxPriceCents) continue;
      if (inStock && row.availableQuantity <= 0) continue;
      const rank = rankOf ? rankOf(entry) : 0;
      if (rank === undefined) continue;
      rankAt[index] = rank;
      perRank[rank] = (perRank[rank] as number) + 1;
      total++;
    }
    // The page: the matches found as typed first, then with one typo, two, ..., each in the chosen order.
    const rows: ProductRow[] = [];
    let skip = search.offset;
    for (let rank = 0; rank <= NO_MATCH && rows.length < search.limit; rank++) {
      const count = perRank[rank] as number;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      for (let index = 0; index < order.length && rows.length < search.limit; index++) {
        if (rankAt[index] !== rank) continue;
        if (skip > 0) skip--;
        else rows.push((order[index] as Entry).row);
      }
    }
    return { rows, total };
  }

  /**
   * How well the text finds a product, fewest typos first, or undefined when it does not: 0 when the
   * text is a part of name and description as typed, or each of its words a word of the product (the
   * last one the beginning of one); the typos it takes otherwise (catalogue-words.ts); last, when it
   * is only close to a word of the name as pg_trgm's `<%` measures it (decision 35).
   */
  private textRanker(text: string): (entry: Entry) => number | undefined {
    const similar = this.similarMatcher(text);
    const containing = this.containing(lowerLikePostgres(text));
    this.words ??= new CatalogueWords(this.entries.values(), this.slotCount);
    const typos = this.words.typos(text);
    return (entry) => {
      if (containing[entry.slot] === 1) return 0;
      const found = typos?.[entry.slot] ?? NO_MATCH;
      if (found !== NO_MATCH) return found;
      return similar(entry) ? NO_MATCH : undefined;
    };
  }

  /**
   * Whether the text is close to a word of the name (`<%`). Like the trigram index, only names sharing
   * enough of the search's trigrams are compared: a run of the name shares at most what the whole
   * name shares, so below the threshold there it cannot reach it.
   */
  private similarMatcher(text: string): (entry: Entry) => boolean {
    // A trigram no name has still counts in the search's own: it gets a number no name holds.
    let unknown = 0;
    const searchTrigrams = new Set<number>();
    for (const trigram of new Set(trigramsOf(text))) searchTrigrams.add(this.vocabulary.get(trigram) ?? --unknown);
    const shared = new Uint16Array(this.slotCount);
    for (const trigram of searchTrigrams)
      for (const { slot } of this.postings[trigram] ?? []) shared[slot] = (shared[slot] ?? 0) + 1;
    return (entry: Entry) =>
      Math.fround((shared[entry.slot] ?? 0) / searchTrigrams.size) >= WORD_SIMILARITY &&
      hasSimilarWord(searchTrigrams, entry.nameTrigrams, WORD_SIMILARITY);
  }

  /**
   * Which products' lower-cased name and description contain `lowered`, marked by slot: one pass of
   * indexOf over every text joined, since calling includes on 10,000 texts took most of a miss's time.
   * A match must lie within one product's text; one that runs into the next is no match.
   */
  private containing(lowered: string): Uint8Array {
    this.allText ??= joinTexts([...this.entries.values()]);
    const { text, starts, entries } = this.allText;
    const containing = new Uint8Array(this.slotCount);
    // Matches come in the text's order: the product holding each is found by walking on from the last.
    let index = 0;
    for (let at = text.indexOf(lowered); at !== -1; ) {
      while (index + 1 < starts.length && (starts[index + 1] as number) <= at) index++;
      const entry = entries[index] as Entry;
      const end = (starts[index] as number) + entry.text.length;
      const within = at + lowered.length <= end;
      if (within) containing[entry.slot] = 1;
      at = text.indexOf(lowered, within ? end : at + 1);
    }
    return containing;
  }
}

/** A product the search leaves out: no rank (ranks are 0 to NO_MATCH). */
const UNRANKED = 0xffff;

const searchTextOf = (row: ProductRow) => lowerLikePostgres(`${row.name} ${row.description}`);

/** Every product's search text in one string, and where each begins. */
interface AllText {
  text: string;
  starts: Int32Array;
  entries: Entry[];
}

function joinTexts(entries: Entry[]): AllText {
  const starts = new Int32Array(entries.length);
  let length = 0;
  for (const [index, entry] of entries.entries()) {
    starts[index] = length;
    length += entry.text.length + 1;
  }
  return { text: entries.map((entry) => entry.text).join('\n'), starts, entries };
}
