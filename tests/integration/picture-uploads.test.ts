import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews } from '#server/db/schema.ts';
import { MESSAGES } from '#shared/messages.ts';
import { addProductWithUpload, NEW_PRODUCT, TINY_PNG } from '../helpers/catalog.ts';
import { type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
const fields = { ...NEW_PRODUCT, picture: '' };

describe('uploaded pictures are decoded and encoded anew (R-UPLOAD)', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  const uploads = () => readdirSync(join(server.config.dataDir, 'uploads'));
  const stored = async (address: string) => Buffer.from(await (await fetch(`${server.url}${address}`)).arrayBuffer());

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  it('a PNG+HTML polyglot is stored as a WebP picture without its HTML', async () => {
    const polyglot = Buffer.concat([TINY_PNG, Buffer.from(HTML)]);
    const answer = await addProductWithUpload(server, admin, fields, { content: polyglot, name: 'cat.png', type: 'image/png' });
    expect(answer.status).toBe(201);
    for (const address of [answer.body.picture, answer.body.picture.replace(/\.webp$/, '-400w.webp')]) {
      const bytes = await stored(address);
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.includes('<html')).toBe(false);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
  });

  it('a file that starts like a PNG but does not decode is refused with 400, nothing stored', async () => {
    const before = { products: await server.db.$count(products), files: uploads().length };
    const fake = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.from(HTML)]);
    const answer = await addProductWithUpload(server, admin, fields, { content: fake, name: 'cat.png', type: 'image/png' });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({ pictureFile: 'Picture must be a JPEG, PNG or WebP image' });
    expect(await server.db.$count(products)).toBe(before.products);
    expect(uploads()).toHaveLength(before.files);
  });

  it('keeps no metadata, and makes the 800 and 400 wide sizes a srcset needs', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Home of Nadia, 12 Harbour Road', Make: 'PhoneCam' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await addProductWithUpload(server, admin, fields, { content: photo, name: 'van.jpg', type: 'image/jpeg' });
    expect(answer.status).toBe(201);
    const wide = await sharp(await stored(answer.body.picture)).metadata();
    const narrow = await sharp(await stored(answer.body.picture.replace(/\.webp$/, '-400w.webp'))).metadata();
    expect([wide.width, wide.height, narrow.width, narrow.height]).toEqual([800, 500, 400, 250]);
    expect([wide.exif, narrow.exif, wide.icc, wide.xmp]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('reviewer photos are uploaded to the shop (R-REVIEW, R-UPLOAD)', () => {
  let server: TestServer;
  let customer: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    customer = await signUpCustomer(server, { name: 'Nadia Karim' });
  });
  afterAll(() => server?.stop());

  /** POST /api/review as multipart/form-data, the way Add a Review sends a chosen photo. */
  async function addReviewWithPhoto(photo: Buffer | undefined) {
    const form = new FormData();
    form.append('reviewRating', '5');
    form.append('reviewDescription', 'Careful with fragile parcels.');
    if (photo) form.append('reviewPhotoFile', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${server.url}/api/review`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${customer.token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  it('stores an uploaded photo re-encoded in the picture store: a polyglot keeps no HTML', async () => {
    const answer = await addReviewWithPhoto(Buffer.concat([TINY_PNG, Buffer.from(HTML)]));
    expect(answer.status).toBe(201);
    expect(answer.body.reviewPhoto).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const bytes = Buffer.from(await (await fetch(`${server.url}${answer.body.reviewPhoto}`)).arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    expect(bytes.includes('<script')).toBe(false);
  });

  it('refuses a photo that does not decode, and still says "Last name is required" without one; nothing stored', async () => {
    const before = await server.db.$count(reviews);
    const fake = await addReviewWithPhoto(Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.from(HTML)]));
    expect(fake.status).toBe(400);
    expect(fake.body.error.fields).toEqual({ reviewPhotoFile: 'Picture must be a JPEG, PNG or WebP image' });
    const none = await addReviewWithPhoto(undefined);
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ reviewPhoto: MESSAGES.reviewFieldRequired });
    expect(await server.db.$count(reviews)).toBe(before);
  });
});
