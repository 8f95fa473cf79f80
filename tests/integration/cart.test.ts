import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#shared/cart.ts';
import { addProduct } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** R-CART: the signed-in customer's cart on the server, and a visitor's cart previewed and merged at sign-in. */
describe.each(testDatabaseKinds())('the cart on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  const cartOf = async (customer: SignedInCustomer) =>
    (await call<Cart>(server, 'GET', '/api/cart', { token: customer.token })).body;
  const setQuantity = (customer: SignedInCustomer, productId: string, quantity: unknown) =>
    call<Cart>(server, 'PUT', `/api/cart/items/${productId}`, { token: customer.token, body: { quantity } });
  const add = (customer: SignedInCustomer, items: unknown[], merge?: boolean) =>
    call<Cart>(server, 'POST', '/api/cart/items', { token: customer.token, body: { items, merge } });
  const editProduct = (id: string, changes: Record<string, unknown>) =>
    call(server, 'PUT', `/api/purchase/${id}`, {
      token: admin.token,
      body: {
        name: 'PortaRoute Travel Router',
        price: '49.50',
        description: 'Pocket Wi-Fi router.',
        minQuantity: 2,
        maxQuantity: 6,
        availableQuantity: 10,
        picture: 'https://cdn.example.com/portaroute.png',
        ...changes,
      },
    });

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  it('needs a signed-in customer: every call of the kept cart answers 401 without a token', async () => {
    const product = await addProduct(server, admin);
    for (const [method, path, body] of [
      ['GET', '/api/cart', undefined],
      ['PUT', '/api/cart', { items: [] }],
      ['POST', '/api/cart/items', { items: [{ productId: product._id, quantity: 1 }] }],
      ['PUT', `/api/cart/items/${product._id}`, { quantity: 1 }],
      ['DELETE', `/api/cart/items/${product._id}`, undefined],
    ] as const) {
      expect((await call(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('keeps lines with the price and stock read now, line totals and the total; quantities within minimum, maximum and stock', async () => {
    const customer = await signUpCustomer(server);
    const router = await addProduct(server, admin, { price: '49.50', minQuantity: 2, maxQuantity: 6, availableQuantity: 10 });
    const cable = await addProduct(server, admin, {
      name: 'Cat 6 cable',
      price: '3.25',
      minQuantity: 1,
      maxQuantity: 100,
      availableQuantity: 4,
    });
    expect(await cartOf(customer)).toEqual({ items: [], price: 0, notices: [] });

    const first = await setQuantity(customer, router._id, 3);
    expect(first.status).toBe(200);
    // Added with a price a client made up: ignored, the product's price is what counts.
    await add(customer, [{ productId: cable._id, quantity: 4, seenPrice: 0.01 }]);
    await setQuantity(customer, cable._id, 4);
    const cart = await cartOf(customer);
    expect(cart.items.map((line) => [line.name, line.quantity, line.unitPrice, line.price])).toEqual([
      ['PortaRoute Travel Router', 3, 49.5, 148.5],
      ['Cat 6 cable', 4, 3.25, 13],
    ]);
    expect(cart.price).toBe(161.5);

    const below = await setQuantity(customer, router._id, 1);
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({
      error: { message: 'PortaRoute Travel Router: please add 2+ products', fields: { quantity: 'please add 2+ products' } },
    });
    expect((await setQuantity(customer, router._id, 7)).body).toMatchObject({
      error: { message: expect.stringContaining('please less than 6') },
    });
    const overStock = await setQuantity(customer, cable._id, 5);
    expect(overStock.status).toBe(409);
    expect(overStock.body).toMatchObject({ error: { message: 'Only 4 of Cat 6 cable left: lower the quantity.' } });
    expect((await setQuantity(customer, router._id, 2.5)).status).toBe(400);
    expect((await setQuantity(customer, '00000000-0000-4000-8000-000000000000', 1)).status).toBe(404);
    // Nothing changed by the refusals.
    expect((await cartOf(customer)).items.map((line) => line.quantity)).toEqual([3, 4]);

    const removed = await call<Cart>(server, 'DELETE', `/api/cart/items/${cable._id}`, { token: customer.token });
    expect(removed.body.items.map((line) => line.name)).toEqual(['PortaRoute Travel Router']);
    expect((await call(server, 'DELETE', `/api/cart/items/${cable._id}`, { token: customer.token })).status).toBe(404);
  });

  it('says when a product sold out or changed price since it was added, and leaves such lines out of the total', async () => {
    const customer = await signUpCustomer(server);
    const router = await addProduct(server, admin, { price: '49.50', minQuantity: 2, maxQuantity: 6, availableQuantity: 10 });
    const cable = await addProduct(server, admin, { name: 'Cat 6 cable', price: '3.25', availableQuantity: 10 });
    await setQuantity(customer, router._id, 4);
    await setQuantity(customer, cable._id, 2);

    expect((await editProduct(router._id, { price: '45.00' })).status).toBe(200);
    let cart = await cartOf(customer);
    expect(cart.items[0]).toMatchObject({ unitPrice: 45, seenPrice: 49.5, price: 180 });
    expect(cart.items[0]?.problems).toEqual([
      {
        code: 'price_changed',
        message: 'The price of PortaRoute Travel Router changed from $ 49.50 to $ 45.00 since you added it.',
      },
    ]);
    expect(cart.price).toBe(186.5);

    await editProduct(router._id, { price: '45.00', availableQuantity: 3 });
    cart = await cartOf(customer);
    expect(cart.items[0]?.problems[0]).toEqual({
      code: 'not_enough_stock',
      message: 'Only 3 of PortaRoute Travel Router left: lower the quantity.',
    });
    expect(cart.price).toBe(6.5);

    await editProduct(router._id, { price: '45.00', availableQuantity: 1 });
    cart = await cartOf(customer);
    expect(cart.items[0]?.problems[0]).toEqual({ code: 'sold_out', message: 'PortaRoute Travel Router is sold out.' });
    expect(cart.price).toBe(6.5);

    // Setting the quantity again keeps the price seen when it was first added.
    await editProduct(router._id, { price: '45.00', availableQuantity: 10 });
    await setQuantity(customer, router._id, 2);
    expect((await cartOf(customer)).items[0]?.seenPrice).toBe(49.5);

    // A deleted product leaves the cart.
    await call(server, 'DELETE', `/api/product/${cable._id}`, { token: admin.token });
    expect((await cartOf(customer)).items.map((line) => line.productId)).toEqual([router._id]);
  });

  it('follows the customer: the cart kept from one sign-in is there at the next (another device)', async () => {
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin);
    await add(customer, [{ productId: product._id, quantity: 2 }]);
    const otherDevice = await call(server, 'POST', '/api/auth/sign-in/email', {
      body: { email: customer.email, password: 'secret123' },
    });
    const cookie = otherDevice.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const token = (
      await call(server, 'PUT', `/api/user/${encodeURIComponent(customer.email)}`, { cookie, body: { email: customer.email } })
    ).body.token;
    const cart = await call<Cart>(server, 'GET', '/api/cart', { token });
    expect(cart.body.items.map((line) => [line.productId, line.quantity])).toEqual([[product._id, 2]]);
  });

  it('merges a visitor’s cart at sign-in: same product summed and clamped to maximum and stock, sold out left out, each said', async () => {
    const customer = await signUpCustomer(server);
    const router = await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 50 });
    const cable = await addProduct(server, admin, { name: 'Cat 6 cable', maxQuantity: 20, availableQuantity: 50 });
    const soldOut = await addProduct(server, admin, { name: 'Gone Gadget', availableQuantity: 0 });
    await setQuantity(customer, router._id, 3);
    await setQuantity(customer, cable._id, 2);

    const merged = await add(
      customer,
      [
        { productId: router._id, quantity: 4, seenPrice: 49.5 },
        { productId: cable._id, quantity: 3, seenPrice: 49.5 },
        { productId: soldOut._id, quantity: 1, seenPrice: 49.5 },
        { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
      ],
      true,
    );
    expect(merged.status).toBe(200);
    expect(merged.body.items.map((line) => [line.name, line.quantity])).toEqual([
      ['PortaRoute Travel Router', 5],
      ['Cat 6 cable', 5],
    ]);
    expect(merged.body.notices).toEqual([
      'PortaRoute Travel Router: your cart holds 5, the most that can be ordered now.',
      'Cat 6 cable was in both carts: the quantities were added together.',
      'Gone Gadget is sold out and was left out of your cart.',
      'A product from your visitor cart is no longer sold and was left out.',
    ]);
  });

  it('replaces the whole cart with PUT /api/cart, all or nothing', async () => {
    const customer = await signUpCustomer(server);
    const router = await addProduct(server, admin);
    const cable = await addProduct(server, admin, { name: 'Cat 6 cable', availableQuantity: 2 });
    await setQuantity(customer, router._id, 1);
    const refused = await call(server, 'PUT', '/api/cart', {
      token: customer.token,
      body: {
        items: [
          { productId: router._id, quantity: 2 },
          { productId: cable._id, quantity: 3 },
        ],
      },
    });
    expect(refused.status).toBe(409);
    expect((await cartOf(customer)).items.map((line) => line.quantity)).toEqual([1]);
    const replaced = await call<Cart>(server, 'PUT', '/api/cart', {
      token: customer.token,
      body: { items: [{ productId: cable._id, quantity: 2 }] },
    });
    expect(replaced.body.items.map((line) => [line.name, line.quantity])).toEqual([['Cat 6 cable', 2]]);
    const duplicate = await call(server, 'PUT', '/api/cart', {
      token: customer.token,
      body: {
        items: [
          { productId: cable._id, quantity: 1 },
          { productId: cable._id, quantity: 1 },
        ],
      },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.message).toContain('Each product may appear once.');
  });

  it('previews a visitor’s cart without signing in, from the products as they are now', async () => {
    const product = await addProduct(server, admin, { price: '20.00' });
    const preview = await call<Cart>(server, 'POST', '/api/cart/preview', {
      body: {
        items: [
          { productId: product._id, quantity: 2, seenPrice: 25 },
          { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.items).toHaveLength(1);
    expect(preview.body.items[0]).toMatchObject({
      unitPrice: 20,
      seenPrice: 25,
      price: 40,
      problems: [{ code: 'price_changed' }],
    });
    expect(preview.body.notices).toEqual(['A product from your visitor cart is no longer sold and was left out.']);
  });
});

// PGlite runs one statement at a time, so only PostgreSQL can overlap these.
describe.skipIf(withoutPostgres())('one cart changed from several devices at once (race test, needs PostgreSQL)', () => {
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  it('adds every one: eight simultaneous "Add to cart" of one product leave eight in the line', async () => {
    const customer = await signUpCustomer(server);
    const product = await addProduct(server, admin, { maxQuantity: 100, availableQuantity: 100 });
    const add = () =>
      call(server, 'POST', '/api/cart/items', {
        token: customer.token,
        body: { items: [{ productId: product._id, quantity: 1 }] },
      });
    await Promise.all(Array.from({ length: 8 }, add));
    const cart = await call<Cart>(server, 'GET', '/api/cart', { token: customer.token });
    expect(cart.body.items[0]?.quantity).toBe(8);
  });
});
