import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync, type ZlibOptions } from 'node:zlib';
import type { z } from 'zod';
import { crc32Joined, crc32Shift } from './crc32-combine.ts';

/** The encodings a kept answer is sent in besides none (R-COMPRESS). */
export type Encoding = 'br' | 'gzip';

/**
 * A kept answer's compressed copies, each made the first time a client asks for that encoding and then
 * sent as is until the answer changes: a miss no client wants compressed (a program, a bench) costs no
 * compression at all, and a browser's costs one encoding, not both.
 *
 * A rendered page is mostly the template's fixed stretches (its 136 KB inline stylesheet), each deflated
 * once at start (decision 167): its gzip copy is those, and only the page's own stretches deflated, in
 * one gzip member. So a page sent once (a parcel's tracking page on a miss) costs a few kilobytes of
 * deflate where brotli of the whole took 5 ms; a page asked for again gets its smaller brotli copy.
 */
export class EncodedCopies {
  private readonly copies: Partial<Record<Encoding, Buffer>> = {};
  private asked = 0;
  /** Told the bytes of each copy made, by the cache that keeps the answer (its byte budget). */
  counted?: (bytes: number) => void;

  constructor(private readonly body: Buffer | JoinedBody) {}

  /** The encoding to send among those the client takes: brotli, but gzip for a page's first sending when gzip will do. */
  choose(accepted: ReadonlySet<Encoding>): Encoding | undefined {
    if (accepted.size === 0) return undefined;
    const firstOfPieces = this.body instanceof JoinedBody && this.asked++ === 0 && this.copies.br === undefined;
    if (accepted.has('br') && !(firstOfPieces && accepted.has('gzip'))) return 'br';
    return accepted.has('gzip') ? 'gzip' : undefined;
  }

  copy(encoding: Encoding): Buffer {
    let copy = this.copies[encoding];
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotliCompressSync(wholeBytes(this.body), { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
          : this.body instanceof JoinedBody
            ? gzipOfPieces(this.body)
            : gzipSync(this.body, { level: GZIP_LEVEL });
      this.copies[encoding] = copy;
      this.counted?.(copy.length);
    }
    return copy;
  }

  /** The bytes of the copies made so far. */
  get bytes(): number {
    return (this.copies.br?.length ?? 0) + (this.copies.gzip?.length ?? 0);
  }
}

/**
 * A stretch of a rendered page's bytes. The template's fixed stretches (and a joined page's layout's,
 * decision 189) come with their deflated copy, digest and checksum, made once: a page's gzip copy, ETag
 * and checksum then never go over them again.
 */
export interface PagePiece {
  bytes: Buffer;
  fixed?: { deflated: Buffer; digest: Buffer; crc: number; shift: number };
}

/**
 * Deflated to end on a full flush: byte-aligned, and no later stretch refers back into it, so stretches
 * deflated apart follow one another in one deflate stream (as pigz joins its blocks).
 */
const deflatedStretch = (bytes: Buffer, options: ZlibOptions) =>
  deflateRawSync(bytes, { ...options, finishFlush: constants.Z_FULL_FLUSH });
/**
 * A page's own stretches (about 7 KB of a tracking page, in several) are deflated at every miss: the
 * fastest level halves that work for about 10% more of their bytes (decision 187), and a 16 KB window
 * with smaller tables (memory level 6) costs less to set up than zlib's default, for the same bytes at
 * these sizes (0.13 against 0.16 ms for a page's, decision 189). The template's, deflated once at start,
 * take the smallest.
 */
const OWN_STRETCH: ZlibOptions = { level: 1, windowBits: 14, memLevel: 6 };
const FIXED_STRETCH: ZlibOptions = { level: 9 };
/**
 * A stretch this short (a page's language, its tracking code written into the layout) goes as a stored
 * block: a zlib call's set-up (about 0.03 ms) was most of a tracking page's gzip copy, made of nine
 * stretches, six of them a few bytes long (decision 189), and deflate saves nothing on a dozen bytes.
 */
const STORED_BELOW_BYTES = 128;
/** RFC 1951's stored block, at a byte boundary as every stretch ends: not last, its length and that length's complement. */
function storedStretch(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
const ownStretch = (bytes: Buffer) =>
  bytes.length < STORED_BELOW_BYTES ? storedStretch(bytes) : deflatedStretch(bytes, OWN_STRETCH);
/** An empty last block, which ends the stream. */
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0));
/** RFC 1952's member header: deflate, no name or time, made on Unix (as gzipSync writes it). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** One of the template's fixed stretches, deflated and digested once. */
export function fixedPiece(bytes: Buffer): PagePiece {
  return {
    bytes,
    fixed: {
      deflated: deflatedStretch(bytes, FIXED_STRETCH),
      digest: createHash('sha1').update(bytes).digest(),
      crc: crc32(bytes),
      shift: crc32Shift(bytes.length),
    },
  };
}

/**
 * A rendered page's bytes as the stretches it was joined from (decision 187): its gzip copy, length,
 * checksum and ETag are made from the stretches, so a page sent compressed never has its 150 KB (mostly
 * the template's stylesheet, the same bytes in every page) copied whole — a copy per miss the garbage
 * collector then had to follow. Only a page sent uncompressed, or brotli's copy, joins them, once.
 */
export class JoinedBody {
  readonly length: number;
  private whole?: Buffer;

  constructor(readonly pieces: readonly PagePiece[]) {
    this.length = pieces.reduce((sum, piece) => sum + piece.bytes.length, 0);
  }

  get bytes(): Buffer {
    this.whole ??= Buffer.concat(
      this.pieces.map((piece) => piece.bytes),
      this.length,
    );
    return this.whole;
  }

  crc32(): number {
    return this.pieces.reduce(
      (crc, { bytes, fixed }) => (fixed ? crc32Joined(crc, fixed.crc, fixed.shift) : crc32(bytes, crc)),
      0,
    );
  }
}

/** A body's bytes whole, as a response or brotli takes them. */
export const wholeBytes = (body: Buffer | JoinedBody) => (body instanceof JoinedBody ? body.bytes : body);

function gzipOfPieces(body: JoinedBody): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(body.crc32(), 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    ...body.pieces.map((piece) => piece.fixed?.deflated ?? ownStretch(piece.bytes)),
    LAST_BLOCK,
    trailer,
  ]);
}

/** A public read's answer as it goes on the wire: the JSON as UTF-8 bytes, its strong ETag, and compressed copies. */
export interface PublicAnswer {
  /** Bytes, not a string: a string would be encoded to UTF-8 again for every request. A page's, as joined. */
  body: Buffer | JoinedBody;
  etag: string;
  /** Made once per change and encoding, instead of compressing again for every browser; none for small bodies. */
  encoded?: EncodedCopies;
  /** Sent with the body: what a paged answer says about the whole list (its total). */
  headers?: Record<string, string>;
  /** 200 unless said; only 200s are kept. */
  status?: number;
  /** When (ms since the epoch) it stops holding, whatever changes: a quote made before a cut-off hour. */
  until?: number;
}

/** A page the server rendered (R-SSR), as the route that renders it answers. */
export interface RenderedPage {
  status: number;
  /** The HTML, as UTF-8 bytes: as the stretches it was joined from when it was (the template's and the page's own). */
  body: Buffer | JoinedBody;
}

/** How a kept answer goes out when it is not its value as is: the JSON body and the headers that come with it. */
export interface AnswerShape<T> {
  body(value: T): unknown;
  headers(value: T): Record<string, string>;
  /** When it stops holding (see PublicAnswer.until); kept until a change drops it when absent. */
  until?: number;
}

/** Below this, compression saves less than its headers cost (the same threshold the app uses for other answers). */
const COMPRESS_FROM_BYTES = 1024;
/**
 * The first request in an encoding waits for its compression, so the levels are the fast ones: brotli 6
 * packs a 1 MB catalogue in about 15 ms where the best level took 700 ms, for 10% more bytes; an 8 KB
 * catalogue page takes 0.13 ms.
 */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

function serialize(body: Buffer | JoinedBody, headers?: Record<string, string>, status?: number, until?: number): PublicAnswer {
  const hash = createHash('sha1');
  // A fixed stretch by its digest: the same bytes give the same ETag, without hashing the stylesheet per page.
  if (body instanceof JoinedBody) for (const piece of body.pieces) hash.update(piece.fixed?.digest ?? piece.bytes);
  else hash.update(body);
  const etag = `"${hash.update(JSON.stringify(headers ?? {})).digest('base64url')}"`;
  const encoded = body.length < COMPRESS_FROM_BYTES ? undefined : new EncodedCopies(body);
  return { body, etag, encoded, headers, status, until };
}

/** A value as a kept answer: its JSON bytes, strong ETag and compressed copies (answers built once at start use it too). */
export const serializeJson = (value: unknown, headers?: Record<string, string>, until?: number) =>
  serialize(Buffer.from(JSON.stringify(value)), headers, undefined, until);

/** The public reads kept in memory, by the answer they hold. */
export const PUBLIC_READS = {
  catalogue: 'catalogue',
  product: (id: string) => `product:${id}`,
  /** One page of the catalogue's search, by its normalised query (R-CATALOGUE). */
  cataloguePage: (query: string) => `catalogue-page:${query}`,
  /** A product page's other products of its category (R-PRODUCT-PAGE). */
  relatedProducts: (id: string) => `related:${id}`,
  categories: 'categories',
  testimonials: (page: number, pageSize: number) => `testimonials:${page}:${pageSize}`,
  /** A parcel's prices (issue 28), by language, the shop's hour and the normalised query: they change with the rate card. */
  quote: (query: string) => `quote:${query}`,
  /** A parcel's public tracking (issue 29), by its code and the language its messages are in. */
  tracking: (trackingCode: string, locale: string) => `tracking:${trackingCode}:${locale}`,
  /** A public page rendered on the server, by its URL: made only of the reads above, so it goes with any of them. */
  page: (url: string) => `page:${url}`,
} as const;

const PRODUCT_KEY = PUBLIC_READS.product('');
/** A key ending in `:*` drops every answer under it: every product (a change whose product is not known), every testimonials page. */
const EVERY_PRODUCT = PUBLIC_READS.product('*');
/** Any product change may move a product into or out of any search, so every catalogue page goes. */
const EVERY_CATALOGUE_PAGE = 'catalogue-page:*';
/** Any product's change may show on any product page's related products. */
const EVERY_RELATED = PUBLIC_READS.relatedProducts('*');
/** Keys ending in this drop every answer that starts with what comes before it. */
const EVERY = '*';
const EVERY_TESTIMONIALS_PAGE = 'testimonials:*';
const EVERY_RENDERED_PAGE = 'page:*';
const EVERY_QUOTE = PUBLIC_READS.quote('*');

/** Which read an answer belongs to, for hit and miss counts that do not grow with the catalogue. */
const readOf = (key: string) => key.split(':')[0] ?? key;

/** A kept answer knows its key, so the URL it was sent for can be answered again without routing. */
export interface KeptAnswer extends PublicAnswer {
  key: string;
  read: string;
  storedAt: number;
}

export interface PublicReadOptions {
  /** Announces drops to the other instances; they answer with `drop`. */
  announce?: (keys: string[]) => void;
  /** A last guard against a change announcement that was lost (a crash between commit and announce). */
  maxAgeMs?: number;
  maxEntries?: number;
  /** Bytes the kept answers may hold together (bodies and compressed copies), oldest dropped first. */
  maxBytes?: number;
  now?: () => number;
}

/**
 * The serialized answers of public reads, kept until a write changes them. A read that began before a
 * change must not store what it read after the change dropped the answer: every drop moves the
 * generation on, and a read stores its answer only when the generation it started in is still current.
 * Concurrent misses of one answer share one database read.
 */
export class PublicReads {
  readonly hits = new Map<string, number>();
  readonly misses = new Map<string, number>();
  private readonly entries = new Map<string, KeptAnswer>();
  private readonly loading = new Map<string, { generation: number; answer: Promise<PublicAnswer> }>();
  private generation = 0;
  private serving = true;
  private readonly productWatchers: Array<(productId?: string) => void> = [];
  private readonly announce: (keys: string[]) => void;
  /** Other instances exist and tell of their changes, so an announcement may be lost on its way here. */
  readonly hearsOthers: boolean;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private keptBytes = 0;
  private readonly now: () => number;

  constructor(options: PublicReadOptions = {}) {
    this.announce = options.announce ?? (() => {});
    this.hearsOthers = options.announce !== undefined;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    // Kept bytes live outside V8's heap limit (decision 36): a crawler walking every product page of a
    // big catalogue must not grow the process past what a small machine has.
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** The kept answer, or `load`'s result checked against `schema` and serialized once for every later request. */
  answer<T>(
    key: string,
    schema: z.ZodType<T>,
    load: () => Promise<T>,
    shape?: AnswerShape<T>,
  ): PublicAnswer | Promise<PublicAnswer> {
    return this.keptOrLoaded(key, async () => {
      const parsed = schema.parse(await load());
      return shape ? serializeJson(shape.body(parsed), shape.headers(parsed), shape.until) : serializeJson(parsed);
    });
  }

  /**
   * The kept page at `url`, or `render`'s, kept when it is a 200 (R-SSR): rendering a page costs a
   * hundred times what sending it does, and it shows nothing but public reads, so it goes with them.
   */
  page(url: string, render: () => Promise<RenderedPage>): PublicAnswer | Promise<PublicAnswer> {
    return this.keptOrLoaded(PUBLIC_READS.page(url), async () => {
      const { status, body } = await render();
      return serialize(body, undefined, status);
    });
  }

  private keptOrLoaded(key: string, load: () => Promise<PublicAnswer>): PublicAnswer | Promise<PublicAnswer> {
    const kept = this.kept(key);
    if (kept) return kept;
    const pending = this.loading.get(key);
    if (pending && pending.generation === this.generation) return pending.answer;
    count(this.misses, readOf(key));
    const generation = this.generation;
    const answer = load().then((fresh) => {
      const current = this.serving && generation === this.generation;
      if (current && (fresh.status ?? 200) === 200) this.keep(key, fresh);
      return fresh;
    });
    this.loading.set(key, { generation, answer });
    const forget = () => {
      if (this.loading.get(key)?.answer === answer) this.loading.delete(key);
    };
    answer.then(forget, forget);
    return answer;
  }

  /** The kept answer under `key` while it is current (a hit), else undefined. */
  kept(key: string): KeptAnswer | undefined {
    const kept = this.entries.get(key);
    if (!kept || !this.stillCurrent(kept.storedAt) || (kept.until !== undefined && this.now() >= kept.until)) return undefined;
    count(this.hits, kept.read);
    return kept;
  }

  /** The time on the clock kept answers are dated by. */
  clock(): number {
    return this.now();
  }

  /** Whether what was read at `readAt` may still be used: the last guard against a change announcement that was lost. */
  stillCurrent(readAt: number): boolean {
    return this.now() - readAt < this.maxAgeMs;
  }

  /** While false, other instances' changes go unheard: nothing may answer from what it kept. */
  get isServing(): boolean {
    return this.serving;
  }

  /**
   * Tells `watcher` of every product change, made here or heard from another instance: its id, or
   * nothing when any product may have changed (decision 35's in-memory catalogue follows these).
   */
  watchProducts(watcher: (productId?: string) => void): void {
    this.productWatchers.push(watcher);
  }

  /** A product was added, edited or deleted; without its id, any product may have. */
  catalogueChanged(productId?: string): void {
    this.changed([
      PUBLIC_READS.catalogue,
      EVERY_CATALOGUE_PAGE,
      EVERY_RELATED,
      productId ? PUBLIC_READS.product(productId) : EVERY_PRODUCT,
    ]);
  }

  /**
   * Stock was reserved or given back for these products (an order's lines, or many orders'): one drop and
   * one announcement for them all, not one per product. Orders whose products are all deleted change nothing shown.
   */
  stockChanged(productIds: readonly string[]): void {
    if (productIds.length === 0) return;
    this.changed([PUBLIC_READS.catalogue, EVERY_CATALOGUE_PAGE, EVERY_RELATED, ...new Set(productIds.map(PUBLIC_READS.product))]);
  }

  /** A category was added, renamed or deleted (R-CATEGORY). */
  categoriesChanged(): void {
    this.changed([PUBLIC_READS.categories]);
  }

  testimonialsChanged(): void {
    this.changed([EVERY_TESTIMONIALS_PAGE]);
  }

  /** An admin put a new rate card in force: every kept quote goes, here and on the other instances. */
  quotesChanged(): void {
    this.changed([EVERY_QUOTE]);
  }

  /**
   * A parcel moved (issue 29): its tracking in every language and its tracking pages go, here and on the
   * other instances; no other page shows it, so the rest stay (a hub scans thousands an hour). Exact
   * keys, not prefixes: a prefix walks every kept answer, a thousand times for a thousand codes. A
   * tracking page asked with a query string is not named here and lasts until maxAgeMs at most.
   */
  parcelMoved(trackingCode: string, locales: readonly string[], pagePaths: readonly string[]): void {
    const keys = [
      ...locales.map((locale) => PUBLIC_READS.tracking(trackingCode, locale)),
      ...pagePaths.map((path) => PUBLIC_READS.page(path)),
    ];
    this.drop(keys);
    this.announce(keys);
  }

  /** Drops answers a write here changed, and the pages that show them, and tells the other instances to drop theirs. */
  private changed(keys: string[]): void {
    const dropped = [...keys, EVERY_RENDERED_PAGE];
    this.drop(dropped);
    this.announce(dropped);
  }

  /** Drops answers another instance's write changed. */
  drop(keys: readonly string[]): void {
    this.generation++;
    for (const key of keys) {
      if (key.startsWith(PRODUCT_KEY))
        this.tellProductWatchers(key === EVERY_PRODUCT ? undefined : key.slice(PRODUCT_KEY.length));
      if (key.endsWith(EVERY)) {
        const prefix = key.slice(0, -EVERY.length);
        for (const kept of this.entries.keys()) if (kept.startsWith(prefix)) this.forget(kept);
      } else {
        this.forget(key);
      }
    }
  }

  /**
   * While changes from other instances cannot be heard (the connection that brings them is down),
   * nothing is kept: every read goes to the database. Whatever was kept may have missed a change.
   */
  setServing(serving: boolean): void {
    this.serving = serving;
    this.generation++;
    this.entries.clear();
    this.keptBytes = 0;
    this.tellProductWatchers(undefined);
  }

  private tellProductWatchers(productId: string | undefined): void {
    for (const watcher of this.productWatchers) watcher(productId);
  }

  private keep(key: string, answer: PublicAnswer): void {
    this.forget(key);
    const bytes = bytesOf(answer);
    if (bytes > this.maxBytes) return;
    this.makeRoom(bytes, 1);
    const kept = { ...answer, key, read: readOf(key), storedAt: this.now() };
    this.entries.set(key, kept);
    this.keptBytes += bytes;
    // A compressed copy made later counts too, while this answer is still the one kept under its key.
    if (answer.encoded)
      answer.encoded.counted = (copyBytes) => {
        if (this.entries.get(key) !== kept) return;
        this.keptBytes += copyBytes;
        this.makeRoom(0, 0);
      };
  }

  /** Drops the oldest answers until `bytes` and `entries` more fit in the budgets. */
  private makeRoom(bytes: number, entries: number): void {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size + entries <= this.maxEntries && this.keptBytes + bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.keptBytes -= bytesOf(kept);
  }
}

function bytesOf(answer: PublicAnswer): number {
  return answer.body.length + (answer.encoded?.bytes ?? 0);
}

function count(counts: Map<string, number>, read: string): void {
  counts.set(read, (counts.get(read) ?? 0) + 1);
}
