import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { AdminProduct, Product } from '#shared/product.ts';
import { addProduct, addProductWithUpload, NEW_PRODUCT, publicView, TINY_PNG } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server.ts';

describe.each(testDatabaseKinds())('catalogue management on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;
  const uploads = () => readdirSync(join(server.config.dataDir, 'uploads'));
  const home = async () => (await call<Product[]>(server, 'GET', '/api/home')).body;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    [admin, customer] = await Promise.all([signInAdmin(server), signUpCustomer(server)]);
  });
  afterAll(() => server?.stop());

  describe('the purchase page’s product (GET /api/purchase/{id})', () => {
    it('is public; unknown ids get 404 and malformed ones 400, both with the error body', async () => {
      const product = await addProduct(server, admin);
      const answer = await call<Product>(server, 'GET', `/api/purchase/${product._id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(publicView(product));
      const unknown = await call(server, 'GET', '/api/purchase/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: { code: 'not_found', message: expect.stringMatching(/^Product not found/) } });
      const malformed = await call(server, 'GET', '/api/purchase/42');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatchObject({ code: 'bad_request', message: 'product id must be a UUID' });
    });
  });

  describe('Add Products (POST /api/addProduct) with a picture address', () => {
    it('adds the product with the signed-in admin as its owner, last in the list the home grid reverses', async () => {
      const answer = await call<AdminProduct>(server, 'POST', '/api/addProduct', {
        token: admin.token,
        body: { ...NEW_PRODUCT, price: 1234.5, email: 'someone@else.com', userName: 'Someone Else' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: NEW_PRODUCT.name,
        price: 1234.5,
        description: NEW_PRODUCT.description,
        minQuantity: 1,
        maxQuantity: 5,
        availableQuantity: 10,
        picture: NEW_PRODUCT.picture,
        categoryId: null,
        email: TEST_ADMIN.email,
        userName: admin.name,
      });
      expect((await home()).at(-1)).toEqual(publicView(answer.body));
    });

    it('accepts the quantities as form text', async () => {
      const product = await addProduct(server, admin, { minQuantity: '2', maxQuantity: '9', availableQuantity: '0' });
      expect(product).toMatchObject({ minQuantity: 2, maxQuantity: 9, availableQuantity: 0 });
    });

    it.each([
      ['price', undefined, 'Price is required'],
      ['price', '', 'Price is required'],
      ['price', '1234567890123456789.5', 'Price must be at most 20 characters'],
      ['price', '-5', 'Price must be an amount like 19.99'],
      ['price', '1.999', 'Price must be an amount like 19.99'],
      ['price', 'ten dollars', 'Price must be an amount like 19.99'],
      ['price', '0', 'Price must be more than 0'],
      ['price', '1000000', 'Price must be at most 999999.99'],
      ['name', '   ', 'Name is required'],
      ['name', 'x'.repeat(121), 'Name must be at most 120 characters'],
      ['description', 'x'.repeat(2001), 'Description must be at most 2000 characters'],
      ['description', undefined, 'Description is required'],
      ['minQuantity', 0, 'Minimum quantity must be at least 1'],
      ['minQuantity', 1.5, 'Minimum quantity must be a whole number'],
      ['minQuantity', 'lots', 'Minimum quantity must be a number'],
      ['minQuantity', '', 'Minimum quantity is required'],
      ['maxQuantity', 2 ** 53, 'Maximum quantity must be at most 1000000'],
      ['availableQuantity', -1, 'Available quantity must be at least 0'],
      ['availableQuantity', '', 'Available quantity is required'],
      ['picture', 'javascript:alert(1)', 'Picture must be an http(s) address or an uploaded image'],
      ['picture', '', 'Picture is required: give an http(s) address or upload an image'],
    ])('%s = %j → 400 with the field’s message, nothing added', async (field, value, message) => {
      const before = await server.db.$count(products);
      const answer = await call(server, 'POST', '/api/addProduct', {
        token: admin.token,
        body: { ...NEW_PRODUCT, [field]: value },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
      expect(answer.body.error.fields[field]).toBe(message);
      expect(await server.db.$count(products)).toBe(before);
    });

    it('refuses a maximum below the minimum, naming maxQuantity', async () => {
      const answer = await call(server, 'POST', '/api/addProduct', {
        token: admin.token,
        body: { ...NEW_PRODUCT, minQuantity: 6, maxQuantity: 5 },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toEqual({ maxQuantity: 'Maximum quantity must be at least the minimum quantity' });
    });
  });

  describe('Add Products with an uploaded picture (multipart/form-data)', () => {
    const fields = { ...NEW_PRODUCT, picture: '' };

    it('stores the image re-encoded as WebP in 800 and 400 wide and serves both from /uploads/, cached for good', async () => {
      const answer = await addProductWithUpload(server, admin, fields, {
        content: TINY_PNG,
        name: 'router.png',
        type: 'image/png',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.picture).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect(answer.body).toMatchObject({ name: NEW_PRODUCT.name, price: 49.5, availableQuantity: 10, email: TEST_ADMIN.email });
      for (const address of [answer.body.picture, answer.body.picture.replace(/\.webp$/, '-400w.webp')]) {
        const image = await fetch(`${server.url}${address}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
        expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(image.headers.get('x-content-type-options')).toBe('nosniff');
        const bytes = Buffer.from(await image.arrayBuffer());
        expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
      }
    });

    it('tells the type by the content: a GIF or a script called .png is refused with 400, nothing stored', async () => {
      const before = { products: await server.db.$count(products), files: uploads().length };
      for (const content of [Buffer.from('GIF89a\x01\x00\x01\x00'), Buffer.from('<script>alert(1)</script>')]) {
        const answer = await addProductWithUpload(server, admin, fields, { content, name: 'photo.png', type: 'image/png' });
        expect(answer.status).toBe(400);
        expect(answer.body.error?.fields).toEqual({ pictureFile: 'Picture must be a JPEG, PNG or WebP image' });
      }
      expect(await server.db.$count(products)).toBe(before.products);
      expect(uploads()).toHaveLength(before.files);
    });

    it('accepts an image of exactly 5 MB, and keeps only the image (the padding after it is not stored)', async () => {
      const content = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 - TINY_PNG.length)]);
      const answer = await addProductWithUpload(server, admin, fields, { content, name: 'big.png', type: 'image/png' });
      expect(answer.status).toBe(201);
      const image = await fetch(`${server.url}${answer.body.picture}`);
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBeLessThan(1024);
    });

    it('refuses an image over 5 MB with 413, nothing stored', async () => {
      const before = { products: await server.db.$count(products), files: uploads().length };
      const content = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 - TINY_PNG.length + 1)]);
      const answer = await addProductWithUpload(server, admin, fields, { content, name: 'huge.png', type: 'image/png' });
      expect(answer.status).toBe(413);
      expect(answer.body.error).toEqual({
        code: 'payload_too_large',
        message: 'Picture must be at most 5 MB',
        fields: { pictureFile: 'Picture must be at most 5 MB' },
      });
      expect(await server.db.$count(products)).toBe(before.products);
      expect(uploads()).toHaveLength(before.files);
    });

    it('does not keep the image when another field is wrong', async () => {
      const before = uploads().length;
      const answer = await addProductWithUpload(
        server,
        admin,
        { ...fields, price: '' },
        { content: TINY_PNG, name: 'a.png', type: 'image/png' },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error?.fields).toEqual({ price: 'Price is required' });
      expect(uploads()).toHaveLength(before);
    });

    it('an empty file input means no file: the address is used, and with neither the picture is required', async () => {
      const withAddress = await addProductWithUpload(server, admin, NEW_PRODUCT, {
        content: Buffer.alloc(0),
        name: '',
        type: 'application/octet-stream',
      });
      expect(withAddress.status).toBe(201);
      expect(withAddress.body.picture).toBe(NEW_PRODUCT.picture);
      const withNeither = await addProductWithUpload(server, admin, fields);
      expect(withNeither.status).toBe(400);
      expect(withNeither.body.error?.fields).toEqual({
        picture: 'Picture is required: give an http(s) address or upload an image',
      });
    });

    it('takes a file in the picture field only, and nothing for customers', async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      form.append('description', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'x.png');
      const answer = await fetch(`${server.url}/api/addProduct`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      expect(answer.status).toBe(400);
      const asCustomer = await addProductWithUpload(server, customer, fields, {
        content: TINY_PNG,
        name: 'a.png',
        type: 'image/png',
      });
      expect(asCustomer.status).toBe(403);
    });

    it('answers 404 for an upload that does not exist', async () => {
      expect((await fetch(`${server.url}/uploads/00000000-0000-4000-8000-000000000000.png`)).status).toBe(404);
    });
  });

  describe('updating a product (PUT /api/purchase/{id}, admin)', () => {
    it('changes the product, validated like Add Products', async () => {
      const product = await addProduct(server, admin);
      const changed = { ...NEW_PRODUCT, name: 'PortaRoute Travel Router v2', price: '59.00', availableQuantity: 25 };
      const answer = await call<AdminProduct>(server, 'PUT', `/api/purchase/${product._id}`, {
        token: admin.token,
        body: changed,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ _id: product._id, name: changed.name, price: 59, availableQuantity: 25 });
      expect((await call(server, 'GET', `/api/purchase/${product._id}`)).body).toEqual(publicView(answer.body));

      const invalid = await call(server, 'PUT', `/api/purchase/${product._id}`, {
        token: admin.token,
        body: { ...changed, price: '-1' },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.fields).toEqual({ price: 'Price must be an amount like 19.99' });
      const unknown = await call(server, 'PUT', '/api/purchase/00000000-0000-4000-8000-000000000000', {
        token: admin.token,
        body: changed,
      });
      expect(unknown.status).toBe(404);
    });

    it('no longer lets the spec’s client lower the stock itself', async () => {
      const product = await addProduct(server, admin, { availableQuantity: 10 });
      const answer = await call(server, 'PUT', `/api/purchase/${product._id}`, {
        token: customer.token,
        body: { ...product, availableQuantity: 0 },
      });
      expect(answer.status).toBe(403);
      expect((await call<Product>(server, 'GET', `/api/purchase/${product._id}`)).body.availableQuantity).toBe(10);
    });
  });

  describe('deleting a product (DELETE /api/product/{id}, admin)', () => {
    it('removes it from the list and the purchase page; a second delete finds nothing', async () => {
      const product = await addProduct(server, admin);
      const answer = await call<Product>(server, 'DELETE', `/api/product/${product._id}`, { token: admin.token });
      expect(answer.status).toBe(200);
      expect(answer.body._id).toBe(product._id);
      expect((await home()).map((item) => item._id)).not.toContain(product._id);
      expect((await call(server, 'GET', `/api/purchase/${product._id}`)).status).toBe(404);
      expect((await call(server, 'DELETE', `/api/product/${product._id}`, { token: admin.token })).status).toBe(404);
      expect((await call(server, 'DELETE', '/api/product/nope', { token: admin.token })).status).toBe(400);
    });
  });
});
