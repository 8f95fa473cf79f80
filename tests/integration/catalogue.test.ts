import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CataloguePage } from '#shared/catalogue.ts';
import type { Category } from '#shared/category.ts';
import type { Order } from '#shared/order.ts';
import type { AdminProduct, Product } from '#shared/product.ts';
import { addProduct, addProductWithUpload, NEW_PRODUCT, placeOrder, publicView, TINY_PNG } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The catalogue (R-CATALOGUE, R-SEARCH), its categories (R-CATEGORY) and the admin's edits (R-EDIT). */
describe.each(testDatabaseKinds())('the catalogue on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let customer: SignedInCustomer;
  let computers: Category;
  let audio: Category;
  const added: Record<string, Product> = {};

  const search = (query: string) =>
    call<CataloguePage & { error?: { code: string; fields?: Record<string, string> } }>(server, 'GET', `/api/products?${query}`);
  const names = async (query: string) => {
    const answer = await search(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.items.map((product) => product.name);
  };
  const addCategory = async (name: string) => {
    const answer = await call<Category>(server, 'POST', '/api/categories', { token: admin.token, body: { name } });
    expect(answer.status).toBe(201);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ kind });
    [admin, customer] = await Promise.all([signInAdmin(server), signUpCustomer(server)]);
    computers = await addCategory('Computers');
    audio = await addCategory('Audio');
    // Added one after another, so "newest" is the reverse of this list.
    for (const [name, price, stock, category, description] of [
      ['AeroBook 14 Ultralight Laptop', '899.00', 42, computers, 'A 1.2 kg aluminium body.'],
      ['Titan X17 Gaming Laptop', '1899.00', 0, computers, 'A 240 Hz panel and RTX-class graphics.'],
      ['SoundWave Headphones', '199.00', 10, audio, 'Over-ear, with active noise cancelling.'],
      ['Glide Pro Wireless Mouse', '79.00', 5, undefined, 'Ergonomic, with a silent click.'],
    ] as const) {
      added[name] = publicView(
        await addProduct(server, admin, {
          name,
          price,
          availableQuantity: stock,
          description,
          ...(category ? { categoryId: category._id } : {}),
        }),
      );
    }
  });
  afterAll(() => server?.stop());

  it('answers a page of every product, newest first, with the total and the defaults it used', async () => {
    const answer = await search('');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 4, page: 1, pageSize: 12 });
    expect(answer.body.items.map((product) => product.name)).toEqual([
      'Glide Pro Wireless Mouse',
      'SoundWave Headphones',
      'Titan X17 Gaming Laptop',
      'AeroBook 14 Ultralight Laptop',
    ]);
    expect(answer.body.items[0]).toEqual(added['Glide Pro Wireless Mouse']);
    expect(added['SoundWave Headphones']?.categoryId).toBe(audio._id);
    expect(added['Glide Pro Wireless Mouse']?.categoryId).toBeNull();
  });

  it('finds products by a part of the name or description, or by a name with a typo, whatever the case', async () => {
    expect(await names('q=laptop')).toEqual(['Titan X17 Gaming Laptop', 'AeroBook 14 Ultralight Laptop']);
    expect(await names('q=labtop')).toEqual(['Titan X17 Gaming Laptop', 'AeroBook 14 Ultralight Laptop']);
    expect(await names('q=MOSE')).toEqual(['Glide Pro Wireless Mouse']);
    expect(await names('q=noise%20cancelling')).toEqual(['SoundWave Headphones']);
    expect(await names('q=ALUMINIUM%20body')).toEqual(['AeroBook 14 Ultralight Laptop']);
    expect(await names('q=refrigerator')).toEqual([]);
    // A percent sign is a character to find, not a wildcard.
    expect(await names('q=%25')).toEqual([]);
  });

  it('filters by category, price range and stock, together with the search', async () => {
    expect(await names(`category=${computers._id}`)).toEqual(['Titan X17 Gaming Laptop', 'AeroBook 14 Ultralight Laptop']);
    expect(await names('minPrice=100&maxPrice=899')).toEqual(['SoundWave Headphones', 'AeroBook 14 Ultralight Laptop']);
    expect(await names('minPrice=899.01')).toEqual(['Titan X17 Gaming Laptop']);
    expect(await names('inStock=true&q=laptop')).toEqual(['AeroBook 14 Ultralight Laptop']);
    expect(await names(`inStock=true&category=${audio._id}&maxPrice=100`)).toEqual([]);
  });

  it('sorts by price both ways and by name', async () => {
    expect(await names('sort=price-asc')).toEqual([
      'Glide Pro Wireless Mouse',
      'SoundWave Headphones',
      'AeroBook 14 Ultralight Laptop',
      'Titan X17 Gaming Laptop',
    ]);
    expect(await names('sort=price-desc&pageSize=2')).toEqual(['Titan X17 Gaming Laptop', 'AeroBook 14 Ultralight Laptop']);
    expect(await names('sort=name')).toEqual([
      'AeroBook 14 Ultralight Laptop',
      'Glide Pro Wireless Mouse',
      'SoundWave Headphones',
      'Titan X17 Gaming Laptop',
    ]);
  });

  it('pages through the matches on the server, each product once, with the total on every page', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search(`sort=name&pageSize=3&page=${page}`)));
    expect(pages.map((page) => page.body.total)).toEqual([4, 4, 4]);
    expect(pages.map((page) => page.body.items.length)).toEqual([3, 1, 0]);
    expect(pages[1]?.body).toMatchObject({ page: 2, pageSize: 3 });
    expect(pages.flatMap((page) => page.body.items.map((product) => product.name))).toEqual(await names('sort=name'));
  });

  it('counts only the matches of both the search and the filters on a later page', async () => {
    const later = await search('q=laptop&maxPrice=900&sort=name&pageSize=1&page=2');
    expect(later.body).toMatchObject({ total: 1, items: [] });
    const inStock = await search('q=o&inStock=true&sort=name&pageSize=2&page=2');
    expect(inStock.body.total).toBe(3);
    expect(inStock.body.items.map((product) => product.name)).toEqual(['SoundWave Headphones']);
  });

  it('refuses a wrong parameter with 400 naming it', async () => {
    for (const [query, field, message] of [
      ['sort=cheapest', 'sort', 'sort must be one of newest, price-asc, price-desc, name'],
      ['minPrice=abc', 'minPrice', 'minPrice must be an amount like 19.99'],
      ['minPrice=50&maxPrice=10', 'maxPrice', 'maxPrice must be at least minPrice'],
      ['page=0', 'page', 'page must be a whole number from 1 to 10000'],
      ['pageSize=500', 'pageSize', 'pageSize must be a whole number from 1 to 48'],
      ['category=computers', 'category', 'category must be a category id'],
      ['inStock=yes', 'inStock', 'inStock must be true or false'],
      [`q=${'a'.repeat(101)}`, 'q', 'q must be at most 100 characters'],
    ] as const) {
      const answer = await search(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toMatchObject({ code: 'bad_request', fields: { [field]: message } });
    }
  });

  it('keeps each answer until a product changes, then answers afresh', async () => {
    const mouse = added['Glide Pro Wireless Mouse'];
    if (!mouse) throw new Error('no mouse');
    expect(await names('q=mouse')).toEqual(['Glide Pro Wireless Mouse']);
    // Changed behind the app's back: the kept answer is still served…
    await server.db.execute(sql`update products set name = 'Renamed behind the app' where id = ${mouse._id}`);
    expect(await names('q=mouse')).toEqual(['Glide Pro Wireless Mouse']);
    // …until an admin's edit through the API drops it.
    const edited = await call<AdminProduct>(server, 'PUT', `/api/purchase/${mouse._id}`, {
      token: admin.token,
      body: { ...NEW_PRODUCT, name: 'Glide Pro 2 Wireless Mouse', price: '89.00', availableQuantity: 5, picture: mouse.picture },
    });
    expect(edited.status).toBe(200);
    expect((await search('q=mouse')).body.items).toEqual([publicView(edited.body)]);
    added['Glide Pro Wireless Mouse'] = publicView(edited.body);
  });

  it('lets only admins edit a product; an edit changes every field, the category and the picture', async () => {
    const product = await addProduct(server, admin, { name: 'Vault SSD', price: '149.00' });
    const fields = {
      name: 'Vault 2 TB Portable SSD',
      price: '139.50',
      description: 'USB-C, 1,050 MB/s.',
      minQuantity: 2,
      maxQuantity: 8,
      availableQuantity: 60,
      categoryId: computers._id,
    };
    const path = `/api/purchase/${product._id}`;
    expect((await call(server, 'PUT', path, { body: { ...fields, picture: product.picture } })).status).toBe(401);
    expect(
      (await call(server, 'PUT', path, { token: customer.token, body: { ...fields, picture: product.picture } })).status,
    ).toBe(403);
    const refused = await addProductWithUpload(server, admin, { ...fields, maxQuantity: 1 }, undefined, { method: 'PUT', path });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toMatchObject({ maxQuantity: 'Maximum quantity must be at least the minimum quantity' });

    const answer = await addProductWithUpload(
      server,
      admin,
      fields,
      { content: TINY_PNG, name: 'ssd.png', type: 'image/png' },
      { method: 'PUT', path },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ...fields, price: 139.5, _id: product._id });
    expect(answer.body.picture).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect((await call<Product>(server, 'GET', path)).body).toEqual(publicView(answer.body));
    expect(await names(`category=${computers._id}&q=vault`)).toEqual(['Vault 2 TB Portable SSD']);

    // Left out, the category stays; null takes it away; an unknown one is refused.
    const { categoryId: _kept, ...withoutCategory } = fields;
    const kept = await call<Product>(server, 'PUT', path, {
      token: admin.token,
      body: { ...withoutCategory, picture: answer.body.picture },
    });
    expect(kept.body.categoryId).toBe(computers._id);
    const unknown = await call(server, 'PUT', path, {
      token: admin.token,
      body: { ...fields, picture: answer.body.picture, categoryId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ categoryId: 'Category must be one of the shop’s categories' });
    const cleared = await call<Product>(server, 'PUT', path, {
      token: admin.token,
      body: { ...fields, picture: answer.body.picture, categoryId: null },
    });
    expect(cleared.body.categoryId).toBeNull();
  });

  it('past orders keep the name and the price they were bought at after an edit', async () => {
    const product = await addProduct(server, admin, { name: 'MeshLink Router', price: '249.00', availableQuantity: 20 });
    const order = await placeOrder(server, customer, product._id, 2);
    expect(order.status).toBe(201);
    const edited = await call<Product>(server, 'PUT', `/api/purchase/${product._id}`, {
      token: admin.token,
      body: { ...NEW_PRODUCT, name: 'MeshLink Router 2025', price: '199.00', availableQuantity: 100, picture: product.picture },
    });
    expect(edited.status).toBe(200);
    const mine = await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, {
      token: customer.token,
    });
    expect(mine.body.find((candidate) => candidate._id === order.body._id)).toMatchObject({
      name: 'MeshLink Router',
      price: 498,
    });
    // The restock is the new stock: the order's reservation is not taken from it again.
    expect(edited.body.availableQuantity).toBe(100);
  });

  describe('categories (R-CATEGORY)', () => {
    it('are public to read, by name; only admins add, rename and delete them', async () => {
      const listed = await call<Category[]>(server, 'GET', '/api/categories');
      expect(listed.status).toBe(200);
      expect(listed.body.map((category) => category.name)).toEqual(['Audio', 'Computers']);
      expect((await call(server, 'POST', '/api/categories', { body: { name: 'Storage' } })).status).toBe(401);
      expect((await call(server, 'POST', '/api/categories', { token: customer.token, body: { name: 'Storage' } })).status).toBe(
        403,
      );
      const blank = await call(server, 'POST', '/api/categories', { token: admin.token, body: { name: '  ' } });
      expect(blank.status).toBe(400);
      expect(blank.body.error.fields).toEqual({ name: 'Category name is required' });
      const duplicate = await call(server, 'POST', '/api/categories', { token: admin.token, body: { name: 'audio' } });
      expect(duplicate.status).toBe(409);
    });

    it('renamed, shows the new name; deleted, leaves its products in the shop without a category', async () => {
      const storage = await addCategory('Storage');
      const renamed = await call<Category>(server, 'PUT', `/api/categories/${storage._id}`, {
        token: admin.token,
        body: { name: 'Drives' },
      });
      expect(renamed.body).toEqual({ _id: storage._id, name: 'Drives' });
      expect(
        (await call(server, 'PUT', `/api/categories/${storage._id}`, { token: admin.token, body: { name: 'Audio' } })).status,
      ).toBe(409);
      expect((await call<Category[]>(server, 'GET', '/api/categories')).body.map((category) => category.name)).toContain(
        'Drives',
      );

      const drive = await addProduct(server, admin, { name: 'Vault Mini SSD', categoryId: storage._id });
      expect(await names(`category=${storage._id}`)).toEqual(['Vault Mini SSD']);
      const removed = await call(server, 'DELETE', `/api/categories/${storage._id}`, { token: admin.token });
      expect(removed.status).toBe(200);
      expect((await call<Product>(server, 'GET', `/api/purchase/${drive._id}`)).body.categoryId).toBeNull();
      expect(await names(`category=${storage._id}`)).toEqual([]);
      expect((await call(server, 'DELETE', `/api/categories/${storage._id}`, { token: admin.token })).status).toBe(404);
    });
  });

  it('answers a product page’s related products: up to four others of its category, newest first, kept until a product changes (R-PRODUCT-PAGE)', async () => {
    const related = (id: string) => call<Product[]>(server, 'GET', `/api/purchase/${id}/related`);
    const monitors = await addCategory('Monitors');
    const screens: Product[] = [];
    for (const size of [24, 27, 32, 34, 38, 49]) {
      screens.push(publicView(await addProduct(server, admin, { name: `View ${size} Monitor`, categoryId: monitors._id })));
    }
    const [oldest, , , , second, newest] = screens;
    if (!oldest || !second || !newest) throw new Error('six monitors');

    const ofOldest = await related(oldest._id);
    expect(ofOldest.status).toBe(200);
    expect(ofOldest.body.map((product) => product.name)).toEqual([
      'View 49 Monitor',
      'View 38 Monitor',
      'View 34 Monitor',
      'View 32 Monitor',
    ]);
    expect(ofOldest.body[0]).toEqual(newest);
    // The product itself is never among its related ones.
    expect((await related(newest._id)).body.map((product) => product.name)).toEqual([
      'View 38 Monitor',
      'View 34 Monitor',
      'View 32 Monitor',
      'View 27 Monitor',
    ]);
    const mouse = added['Glide Pro Wireless Mouse'];
    if (!mouse) throw new Error('no mouse');
    expect((await related(mouse._id)).body).toEqual([]);
    expect((await related('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // Changed behind the app's back: the kept answer is still served…
    await server.db.execute(sql`update products set name = 'Renamed behind the app' where id = ${newest._id}`);
    expect((await related(oldest._id)).body[0]?.name).toBe('View 49 Monitor');
    // …until an admin's edit of any product drops it.
    const edited = await call<AdminProduct>(server, 'PUT', `/api/purchase/${second._id}`, {
      token: admin.token,
      body: { ...NEW_PRODUCT, name: 'View 38 Monitor', price: '1499.00', picture: second.picture },
    });
    expect(edited.status).toBe(200);
    expect((await related(oldest._id)).body[1]).toEqual(publicView(edited.body));
  });
});
