import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { addProductWithUpload, NEW_PRODUCT, TINY_PNG } from '../helpers/catalog.ts';
import { type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
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
    expect(answer.body.error?.fields).toEqual({ pictureFile: 'picture must be a JPEG, PNG or WebP image' });
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
