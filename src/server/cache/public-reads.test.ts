import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicReply } from './public-answer-reply.ts';
import { fixedPiece, JoinedBody, type PagePiece, PUBLIC_READS, PublicReads, wholeBytes } from './public-reads.ts';

const names = z.array(z.string());

/** A database read the test finishes when it likes, to place a write in the middle of it. */
function heldRead(value: string[]) {
  let finish: () => void = () => {};
  const done = new Promise<string[]>((resolve) => {
    finish = () => resolve(value);
  });
  return { load: () => done, finish: () => finish() };
}

describe('PublicReads', () => {
  it('reads the database once and answers the same text and ETag until a change drops it', async () => {
    const reads = new PublicReads();
    let loads = 0;
    const load = async () => {
      loads++;
      return [`Monitor ${loads}`];
    };
    const first = await reads.answer(PUBLIC_READS.catalogue, names, load);
    const second = await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(first.body.toString()).toBe('["Monitor 1"]');
    expect(second).toMatchObject(first);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(loads).toBe(1);

    reads.catalogueChanged('some-product');
    const third = await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(third.body.toString()).toBe('["Monitor 2"]');
    expect(third.etag).not.toBe(first.etag);
    expect(reads.hits.get('catalogue')).toBe(1);
    expect(reads.misses.get('catalogue')).toBe(2);
  });

  it('never keeps what a read saw before a change that landed while it ran', async () => {
    const reads = new PublicReads();
    const stale = heldRead(['before the change']);
    const answer = reads.answer(PUBLIC_READS.testimonials(1, 3), names, stale.load);
    reads.testimonialsChanged();
    stale.finish();
    expect((await answer).body.toString()).toBe('["before the change"]');

    const fresh = await reads.answer(PUBLIC_READS.testimonials(1, 3), names, async () => ['after the change']);
    expect(fresh.body.toString()).toBe('["after the change"]');
  });

  it('shares one database read among visitors who miss at once, but not with those who come after a change', async () => {
    const reads = new PublicReads();
    const slow = heldRead(['old']);
    const a = reads.answer(PUBLIC_READS.catalogue, names, slow.load);
    const b = reads.answer(PUBLIC_READS.catalogue, names, async () => ['never read']);
    reads.catalogueChanged();
    const c = reads.answer(PUBLIC_READS.catalogue, names, async () => ['new']);
    slow.finish();
    expect((await a).body.toString()).toBe('["old"]');
    expect((await b).body.toString()).toBe('["old"]');
    expect((await c).body.toString()).toBe('["new"]');
  });

  it('drops one product with the catalogue, or every product when the change names none', async () => {
    const reads = new PublicReads();
    const load = (text: string) => async () => [text];
    for (const id of ['a', 'b']) await reads.answer(PUBLIC_READS.product(id), names, load(id));
    reads.catalogueChanged('a');
    expect((await reads.answer(PUBLIC_READS.product('a'), names, load('a2'))).body.toString()).toBe('["a2"]');
    expect((await reads.answer(PUBLIC_READS.product('b'), names, load('b2'))).body.toString()).toBe('["b"]');
    reads.catalogueChanged();
    expect((await reads.answer(PUBLIC_READS.product('b'), names, load('b3'))).body.toString()).toBe('["b3"]');
  });

  it('drops every catalogue page with any product change, and only with one', async () => {
    const reads = new PublicReads();
    const load = (text: string) => async () => [text];
    for (const query of ['q=mouse', '']) await reads.answer(PUBLIC_READS.cataloguePage(query), names, load(query));
    reads.testimonialsChanged();
    reads.categoriesChanged();
    expect((await reads.answer(PUBLIC_READS.cataloguePage('q=mouse'), names, load('again'))).body.toString()).toBe('["q=mouse"]');
    reads.catalogueChanged('a');
    for (const query of ['q=mouse', '']) {
      expect((await reads.answer(PUBLIC_READS.cataloguePage(query), names, load('new'))).body.toString()).toBe('["new"]');
    }
  });

  it('tells other instances what it dropped, but not what they told it', () => {
    const told: string[][] = [];
    const reads = new PublicReads({ announce: (keys) => told.push(keys) });
    reads.catalogueChanged('p1');
    reads.testimonialsChanged();
    reads.drop(['catalogue']);
    expect(told).toEqual([
      ['catalogue', 'catalogue-page:*', 'related:*', 'product:p1', 'page:*'],
      ['testimonials:*', 'page:*'],
    ]);
  });

  it("drops and announces an order's stock changes once for all its products, and nothing for none", () => {
    const told: string[][] = [];
    const reads = new PublicReads({ announce: (keys) => told.push(keys) });
    reads.stockChanged(['p1', 'p2', 'p1']);
    reads.stockChanged([]);
    expect(told).toEqual([['catalogue', 'catalogue-page:*', 'related:*', 'product:p1', 'product:p2', 'page:*']]);
  });

  it('keeps nothing while it cannot hear other instances, and forgets everything when it hears again', async () => {
    const reads = new PublicReads();
    let loads = 0;
    const load = async () => [`read ${++loads}`];
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    reads.setServing(false);
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(loads).toBe(3);
    reads.setServing(true);
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(loads).toBe(4);
  });

  it('tells product watchers of each product change, here or from another instance, and of changes that went unheard', () => {
    const reads = new PublicReads();
    const told: (string | undefined)[] = [];
    reads.watchProducts((productId) => told.push(productId));
    reads.catalogueChanged('p1');
    reads.drop([PUBLIC_READS.product('p2'), PUBLIC_READS.categories]);
    reads.catalogueChanged();
    reads.testimonialsChanged();
    reads.setServing(false);
    expect(reads.isServing).toBe(false);
    reads.setServing(true);
    expect(told).toEqual(['p1', 'p2', undefined, undefined, undefined]);
  });

  it('reads again after the longest time an answer may be kept, and holds a bounded number of answers', async () => {
    let now = 0;
    const reads = new PublicReads({ maxAgeMs: 1_000, maxEntries: 2, now: () => now });
    let loads = 0;
    const load = async () => [`read ${++loads}`];
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    now = 999;
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(loads).toBe(1);
    now = 1_000;
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(loads).toBe(2);

    await reads.answer(PUBLIC_READS.product('a'), names, load);
    await reads.answer(PUBLIC_READS.product('b'), names, load);
    await reads.answer(PUBLIC_READS.product('b'), names, load);
    expect(loads).toBe(4);
    await reads.answer(PUBLIC_READS.catalogue, names, load);
    expect(loads).toBe(5);
  });

  it('reads again once an answer with an end has reached it (a quote made before a cut-off hour)', async () => {
    let now = 0;
    const reads = new PublicReads({ now: () => now });
    let loads = 0;
    const load = async () => [`read ${++loads}`];
    const shape = { body: (value: string[]) => value, headers: () => ({}), until: 500 };
    await reads.answer(PUBLIC_READS.quote('q'), names, load, shape);
    now = 499;
    await reads.answer(PUBLIC_READS.quote('q'), names, load, shape);
    expect(loads).toBe(1);
    expect(reads.kept(PUBLIC_READS.quote('q'))).toBeDefined();
    now = 500;
    expect(reads.kept(PUBLIC_READS.quote('q'))).toBeUndefined();
    await reads.answer(PUBLIC_READS.quote('q'), names, load, { ...shape, until: 1_000 });
    expect(loads).toBe(2);
  });

  it('holds at most its byte budget, dropping the oldest answers first, and keeps none bigger than the budget', async () => {
    // Answers under the compression threshold weigh their body alone: 300 bytes each (["xxx…"]).
    const reads = new PublicReads({ maxBytes: 1_000 });
    const loads: string[] = [];
    const read = (name: string, bytes = 300) =>
      reads.answer(PUBLIC_READS.product(name), names, async () => {
        loads.push(name);
        return [name.padEnd(bytes - 4, 'x')];
      });
    await read('a');
    await read('b');
    await read('c');
    await read('a');
    expect(loads).toEqual(['a', 'b', 'c']);

    await read('d');
    await read('b');
    await read('a');
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);

    await read('huge', 1_001);
    await read('huge', 1_001);
    expect(loads.filter((name) => name === 'huge')).toHaveLength(2);
  });

  it('compresses a kept answer only in the encodings clients ask for, once each, and counts the copies in its budget', async () => {
    // 1,600 bytes of JSON that compress to a few dozen: over the threshold.
    const body = (name: string) => [name.padEnd(1_596, 'x')];
    const asked = { 'accept-encoding': 'br' };
    const probe = await new PublicReads().answer(PUBLIC_READS.product('a'), names, async () => body('a'));
    const brBytes = publicReply(asked, probe, 'item').body?.length ?? 0;
    // Room for two bodies and one copy, exactly.
    const reads = new PublicReads({ maxBytes: 3_200 + brBytes });
    let loads = 0;
    const read = async (name: string) =>
      reads.answer(PUBLIC_READS.product(name), names, async () => {
        loads++;
        return body(name);
      });
    const first = await read('a');
    expect(first.encoded?.bytes).toBe(0);
    const br = publicReply(asked, first, 'item').body;
    expect(br).toBeDefined();
    expect(brotliDecompressSync(br as Buffer).equals(wholeBytes(first.body))).toBe(true);
    expect(publicReply(asked, await read('a'), 'item').body).toBe(br);
    expect(first.encoded?.bytes).toBe(br?.length);
    expect(publicReply({}, first, 'item').body).toBe(first.body);
    expect(first.encoded?.bytes).toBe(br?.length);
    expect(loads).toBe(1);

    // The second body fits beside the first and its copy; the second's own copy pushes the oldest out.
    await read('b');
    await read('a');
    expect(loads).toBe(2);
    publicReply({ 'accept-encoding': 'gzip' }, await read('b'), 'item');
    await read('b');
    expect(loads).toBe(2);
    await read('a');
    expect(loads).toBe(3);
  });

  it('sends a page joined from the template’s pieces gzipped from their copies deflated once, then brotli once asked again (decision 167)', async () => {
    const stylesheet = fixedPiece(Buffer.from(`<html lang="en"><style>${'.btn{color:red}'.repeat(2_000)}</style>`));
    const end = fixedPiece(Buffer.from('</body></html>'));
    const pageOf = (own: string, style = stylesheet): PagePiece[] => [style, { bytes: Buffer.from(own) }, end];
    const render = (pieces: PagePiece[]) => async () => ({ status: 200, body: new JoinedBody(pieces) });
    const reads = new PublicReads();
    const pieces = pageOf('<main>Parcel SC0D4R7KQ9XM2: delivered</main>');
    const page = await reads.page('/track/SC0D4R7KQ9XM2', render(pieces));
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = publicReply(browser, page, 'page');
    expect(first.headers['content-encoding']).toBe('gzip');
    // One gzip member a browser reads as the page, byte for byte, though only the page's own stretch was deflated now.
    const whole = Buffer.concat(pieces.map((piece) => piece.bytes));
    expect(gunzipSync(first.body as Buffer).equals(whole)).toBe(true);
    expect(first.body?.includes(stylesheet.fixed?.deflated as Buffer)).toBe(true);
    // A stretch of a few bytes is sent as it is, in a stored block; a longer one deflated.
    expect(first.body?.includes(Buffer.from('Parcel SC0D4R7KQ9XM2'))).toBe(true);
    const longer = [stylesheet, { bytes: Buffer.from(`<main>${'Booked. '.repeat(40)}</main>`) }, end];
    const longerCopy = publicReply(browser, await reads.page('/track/SC0D4R7KQ9XM3', render(longer)), 'page').body as Buffer;
    expect(gunzipSync(longerCopy).equals(Buffer.concat(longer.map((piece) => piece.bytes)))).toBe(true);
    expect(longerCopy.includes(Buffer.from('Booked. Booked.'))).toBe(false);
    const again = publicReply(browser, page, 'page');
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.body as Buffer).equals(whole)).toBe(true);
    // The ETag stands for the bytes: the same page the same, another stylesheet or another part another.
    const same = await new PublicReads().page('/x', render(pageOf('<main>Parcel SC0D4R7KQ9XM2: delivered</main>')));
    expect(same.etag).toBe(page.etag);
    const otherStyle = fixedPiece(Buffer.from('<html lang="en"><style>.btn{color:blue}</style>'));
    expect(
      (await new PublicReads().page('/y', render(pageOf('<main>Parcel SC0D4R7KQ9XM2: delivered</main>', otherStyle)))).etag,
    ).not.toBe(page.etag);
    expect((await new PublicReads().page('/z', render(pageOf('<main>Parcel SC0D4R7KQ9XM3: delivered</main>')))).etag).not.toBe(
      page.etag,
    );
    // A client taking only gzip keeps getting gzip, and one taking nothing the page as it is.
    expect(publicReply({ 'accept-encoding': 'gzip' }, page, 'page').headers['content-encoding']).toBe('gzip');
    expect(publicReply({}, page, 'page').body?.equals(whole)).toBe(true);
  });

  it('refuses to keep an answer its schema does not allow, and keeps no failure', async () => {
    const reads = new PublicReads();
    await expect(reads.answer(PUBLIC_READS.catalogue, names, async () => [42] as unknown as string[])).rejects.toThrow();
    await expect(
      reads.answer(PUBLIC_READS.catalogue, names, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await reads.answer(PUBLIC_READS.catalogue, names, async () => ['back'])).body.toString()).toBe('["back"]');
  });
});
