import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderLines, orders } from '#server/db/schema.ts';
import { addOneLineEach } from '#server/modules/orders/repository.ts';
import type { AdminOrdersPage } from '#shared/order.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import type { Overview } from '#shared/overview.ts';
import { addProduct } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface KnownOrder {
  email: string;
  status?: OrderStatus;
  name?: string;
  userName?: string;
  quantity?: number;
  priceCents?: number;
  productId?: string | null;
  createdAt?: Date;
  paidAt?: Date;
}

/** Orders written straight into the database as the shop would have left them; answers their rows. */
async function insertOrders(server: TestServer, known: KnownOrder[]) {
  const rows = await server.db
    .insert(orders)
    .values(
      known.map((order, index) => {
        const status = order.status ?? 'unpaid';
        const paid = ['paid', 'shipped', 'delivered', 'refunded'].includes(status);
        const quantity = order.quantity ?? 1;
        const priceCents = order.priceCents ?? 1000 * quantity;
        return {
          productId: order.productId ?? null,
          userId: null,
          name: order.name ?? 'PortaRoute Travel Router',
          picture: '/images/products/meshlink-router.svg',
          quantity,
          unitPriceCents: priceCents / quantity,
          priceCents,
          email: order.email,
          userName: order.userName ?? 'Known Customer',
          status,
          paid,
          paidAt: paid ? (order.paidAt ?? order.createdAt ?? new Date()) : null,
          transactionId: paid ? `pi_known_${index}` : null,
          payment: null,
          createdAt: order.createdAt ?? new Date(),
        };
      }),
    )
    .returning();
  await addOneLineEach(
    server.db,
    rows.map((row) => row.id),
  );
  return rows;
}

describe.each(testDatabaseKinds())('Manage Orders list and search (R-ORDERS-ADMIN, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let known: Awaited<ReturnType<typeof insertOrders>>;
  const now = Date.now();
  const STATUSES: OrderStatus[] = ['unpaid', 'paid', 'shipped', 'paid', 'cancelled'];

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    // 25 orders, one a minute, the newest last: Ana's and Bob's by turns.
    known = await insertOrders(
      server,
      Array.from({ length: 25 }, (_, index) => ({
        email: index % 2 === 0 ? 'Ana.Alvarez@Alpha.test' : 'bob_100@beta.test',
        status: STATUSES[index % STATUSES.length],
        createdAt: new Date(now - (25 - index) * MINUTE),
      })),
    );
    const [first] = known;
    if (!first) throw new Error('no orders');
    await server.db
      .insert(orderEvents)
      .values({ orderId: first.id, actor: admin.email, fromStatus: 'unpaid', toStatus: 'unpaid', note: 'Called the customer' });
  });
  afterAll(() => server?.stop());

  const list = (query = '') => call<AdminOrdersPage>(server, 'GET', `/api/admin/orders${query}`, { token: admin.token });
  const numbersOf = (page: AdminOrdersPage) => page.items.map((order) => order.number);
  const newestFirst = () => [...known].reverse();

  it('pages through every order newest first, with the total and the page it is on', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    const second = await list('?page=2');
    expect(second.body).toMatchObject({ total: 25, page: 2, pageSize: 20 });
    expect([...numbersOf(first.body), ...numbersOf(second.body)]).toEqual(newestFirst().map((row) => `SC-${row.number}`));
    const small = await list('?page=3&pageSize=10');
    expect(small.body).toMatchObject({ total: 25, page: 3, pageSize: 10 });
    expect(small.body.items).toHaveLength(5);
    expect((await list('?page=9')).body).toMatchObject({ items: [], total: 25, page: 9 });
  });

  it('shows each order as the rest of the API does, with its timeline', async () => {
    const page = await list('?pageSize=100');
    const oldest = page.body.items.at(-1);
    expect(oldest).toMatchObject({ _id: known[0]?.id, email: 'Ana.Alvarez@Alpha.test', status: 'unpaid' });
    expect(oldest?.timeline).toEqual([
      expect.objectContaining({ by: admin.email, from: 'unpaid', to: 'unpaid', note: 'Called the customer' }),
    ]);
  });

  it('filters by status', async () => {
    const paid = await list('?status=paid');
    const expected = newestFirst().filter((row) => row.status === 'paid');
    expect(paid.body.total).toBe(expected.length);
    expect(numbersOf(paid.body)).toEqual(expected.map((row) => `SC-${row.number}`));
  });

  it('finds one order by its number, written SC-100042, sc100042 or 100042', async () => {
    const target = known[7];
    if (!target) throw new Error('no order');
    for (const q of [`SC-${target.number}`, `sc${target.number}`, String(target.number), ` SC-${target.number} `]) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(numbersOf(found.body), q).toEqual([`SC-${target.number}`]);
      expect(found.body.total).toBe(1);
    }
    expect((await list('?q=SC-99')).body.total).toBe(0);
  });

  it('finds orders by any part of the email, whatever its case; % and _ match only themselves', async () => {
    const ana = newestFirst().filter((row) => row.email.startsWith('Ana'));
    const found = await list('?q=alpha.TEST&pageSize=100');
    expect(numbersOf(found.body)).toEqual(ana.map((row) => `SC-${row.number}`));
    expect((await list('?q=ana.alv')).body.total).toBe(ana.length);
    expect((await list('?q=%25')).body.total).toBe(0);
    expect((await list('?q=b_b')).body.total).toBe(0);
    expect((await list('?q=bob_1')).body.total).toBe(25 - ana.length);
    // A number-like text is also looked for in the emails.
    expect((await list('?q=100')).body.total).toBe(25 - ana.length);
  });

  it('combines the status with the search, and pages the result', async () => {
    const expected = newestFirst().filter((row) => row.status === 'paid' && row.email.startsWith('bob'));
    const found = await list('?status=paid&q=BETA&pageSize=1&page=2');
    expect(found.body.total).toBe(expected.length);
    expect(numbersOf(found.body)).toEqual([`SC-${expected[1]?.number}`]);
  });

  it.each([
    ['?status=lost', 'status', 'status must be one of unpaid, paid, shipped, delivered, cancelled, refunded'],
    ['?page=0', 'page', 'page must be a whole number from 1 to 10000'],
    ['?page=two', 'page', 'page must be a whole number from 1 to 10000'],
    ['?pageSize=101', 'pageSize', 'pageSize must be a whole number from 1 to 100'],
    [`?q=${'a'.repeat(101)}`, 'q', 'q must be at most 100 characters'],
  ])('refuses %s with a 400 naming the parameter', async (query, field, message) => {
    const answer = await call<ErrorAnswer>(server, 'GET', `/api/admin/orders${query}`, { token: admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'bad_request', message, fields: { [field]: message } });
  });

  it('keeps GET /api/allOrders as the spec has it: every order, a plain array', async () => {
    const all = await call(server, 'GET', '/api/allOrders', { token: admin.token });
    expect(all.body).toHaveLength(25);
  });
});

describe.each(testDatabaseKinds())('the orders as CSV (R-ORDERS-ADMIN, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  const csv = (query: string) => call<string>(server, 'GET', `/api/admin/orders.csv${query}`, { token: admin.token });

  it('writes the filtered orders newest first, quoted where needed, with formulas made harmless', async () => {
    const placed = new Date('2026-03-04T05:06:07.000Z');
    const [plain, quoted, formula] = await insertOrders(server, [
      { email: 'csv.plain@csv.test', name: 'Plain Router', status: 'unpaid', createdAt: placed, priceCents: 4950 },
      {
        email: 'csv.quoted@csv.test',
        name: 'Dock, 12-in-1 "Pro"',
        userName: 'Line\nBreak',
        status: 'shipped',
        quantity: 2,
        priceCents: 5000,
        createdAt: new Date(placed.getTime() + MINUTE),
      },
      {
        email: '+1@csv.test',
        name: '=HYPERLINK("http://evil.test","Click")',
        userName: '@admin',
        status: 'cancelled',
        createdAt: new Date(placed.getTime() + 2 * MINUTE),
      },
    ]);
    await insertOrders(server, [{ email: 'someone@else.test' }]);
    await server.db
      .update(orders)
      .set({ carrier: '-DHL', trackingNumber: 'JD01', cancelledBy: null })
      .where(inArray(orders.id, [quoted?.id ?? '']));

    const answer = await csv('?q=csv.test');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.body).toBe(
      [
        'Order,Placed at (UTC),Paid at (UTC),Status,Customer,Email,Product,Quantity,Unit price,Line total,Order total,Delivery name,Delivery address,Delivery phone,Carrier,Tracking number,Transaction id,Cancelled by',
        `SC-${formula?.number},2026-03-04T05:08:07.000Z,,cancelled,'@admin,'+1@csv.test,"'=HYPERLINK(""http://evil.test"",""Click"")",1,10.00,10.00,10.00,,,,,,,`,
        `SC-${quoted?.number},2026-03-04T05:07:07.000Z,2026-03-04T05:07:07.000Z,shipped,"Line\nBreak",csv.quoted@csv.test,"Dock, 12-in-1 ""Pro""",2,25.00,50.00,50.00,,,,'-DHL,JD01,pi_known_1,`,
        `SC-${plain?.number},2026-03-04T05:06:07.000Z,,unpaid,Known Customer,csv.plain@csv.test,Plain Router,1,49.50,49.50,49.50,,,,,,,`,
        '',
      ].join('\r\n'),
    );
    const shipped = await csv('?q=csv.test&status=shipped');
    expect(shipped.body.split('\r\n')).toHaveLength(3);
    expect(shipped.headers.get('content-disposition')).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}-shipped\.csv"$/);
  });

  it('writes one row per order line, each with its own unit price, and the delivery address', async () => {
    const [order] = await server.db
      .insert(orders)
      .values({
        productId: null,
        userId: null,
        name: 'Dock Pro',
        picture: '/images/products/meshlink-router.svg',
        quantity: 3,
        unitPriceCents: 2333,
        priceCents: 7000,
        email: 'two.lines@lines.test',
        userName: 'Two Lines',
        status: 'paid',
        paid: true,
        paidAt: new Date('2026-04-01T10:00:00.000Z'),
        createdAt: new Date('2026-04-01T09:00:00.000Z'),
        shippingName: 'Ada Lovelace',
        shippingAddress: '12 Quay Street, Leith',
        shippingPhone: '+44 131 000 0000',
      })
      .returning();
    const line = { orderId: order?.id ?? '', productId: null, picture: '/images/products/meshlink-router.svg' };
    await server.db.insert(orderLines).values([
      { ...line, name: 'Dock Pro', quantity: 1, unitPriceCents: 5000, priceCents: 5000, position: 0 },
      { ...line, name: 'USB Cable', quantity: 2, unitPriceCents: 1000, priceCents: 2000, position: 1 },
    ]);

    const rows = (await csv('?q=lines.test')).body.trimEnd().split('\r\n').slice(1);
    const number = `SC-${order?.number}`;
    // A phone written +44… starts like a formula: it keeps its leading ' as every such cell does.
    const delivery = `Ada Lovelace,"12 Quay Street, Leith",'+44 131 000 0000`;
    expect(rows).toEqual([
      `${number},2026-04-01T09:00:00.000Z,2026-04-01T10:00:00.000Z,paid,Two Lines,two.lines@lines.test,Dock Pro,1,50.00,50.00,70.00,${delivery},,,,`,
      `${number},2026-04-01T09:00:00.000Z,2026-04-01T10:00:00.000Z,paid,Two Lines,two.lines@lines.test,USB Cable,2,10.00,20.00,70.00,${delivery},,,,`,
    ]);
  });

  it('writes every order once when there are more than one batch, even placed in the same microsecond', async () => {
    const rows = await insertOrders(
      server,
      Array.from({ length: 2100 }, () => ({ email: 'bulk@many.test' })),
    );
    // Microseconds a JavaScript Date cannot hold: a batch going on from a Date would skip or repeat orders.
    await server.db.execute(sql`update orders set created_at = '2026-05-06 07:08:09.123456+00' where email = 'bulk@many.test'`);
    const answer = await csv('?q=many.test');
    const lines = answer.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2100);
    const numbers = new Set(lines.map((line) => line.split(',')[0]));
    expect(numbers).toEqual(new Set(rows.map((row) => `SC-${row.number}`)));
  });

  it('refuses a wrong status with a 400 naming it', async () => {
    const answer = await call<ErrorAnswer>(server, 'GET', '/api/admin/orders.csv?status=lost', { token: admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('status');
  });
});

describe.each(testDatabaseKinds())('the overview (R-OVERVIEW, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  it('adds up paid orders kept by UTC day, counts statuses, finds low stock and best sellers', async () => {
    const routerX = await addProduct(server, admin, { name: 'Router X', minQuantity: 1, maxQuantity: 5, availableQuantity: 10 });
    const cableY = await addProduct(server, admin, { name: 'Cable Y', minQuantity: 3, maxQuantity: 9, availableQuantity: 2 });
    const dockZ = await addProduct(server, admin, { name: 'Dock Z', minQuantity: 3, maxQuantity: 9, availableQuantity: 3 });
    const now = new Date();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const at = (daysBack: number, hours = 0) => new Date(today - daysBack * DAY + hours * 60 * MINUTE);
    const email = 'overview@known.test';
    await insertOrders(server, [
      { email, status: 'paid', productId: routerX._id, name: 'Router X', quantity: 2, priceCents: 10000, paidAt: at(0) },
      { email, status: 'shipped', productId: cableY._id, name: 'Cable Y', quantity: 1, priceCents: 5025, paidAt: at(3, 1) },
      { email, status: 'delivered', productId: cableY._id, name: 'Cable Y', quantity: 5, priceCents: 1000, paidAt: at(10) },
      { email, status: 'shipped', productId: dockZ._id, name: 'Dock Z', quantity: 1, priceCents: 750, paidAt: at(29) },
      // Paid before the 30 days: in the statuses only.
      { email, status: 'paid', productId: dockZ._id, name: 'Dock Z', quantity: 9, priceCents: 9900, paidAt: at(30, 23) },
      { email, status: 'paid', productId: routerX._id, name: 'Router X', quantity: 9, priceCents: 9900, paidAt: at(40) },
      // Refunded today: its money went back, so it counts nowhere but in the statuses.
      { email, status: 'refunded', productId: routerX._id, name: 'Router X', quantity: 9, priceCents: 9900, paidAt: at(0) },
      { email, status: 'unpaid', productId: routerX._id, name: 'Router X', quantity: 9, priceCents: 9900 },
    ]);

    const answer = await call<Overview>(server, 'GET', '/api/admin/overview', { token: admin.token });
    expect(answer.status).toBe(200);
    const overview = answer.body;
    expect(overview.today).toEqual({ orders: 1, revenue: 100 });
    expect(overview.last7Days).toEqual({ orders: 2, revenue: 150.25 });
    expect(overview.last30Days).toEqual({ orders: 4, revenue: 167.75 });
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1)).toEqual({ date: at(0).toISOString().slice(0, 10), orders: 1, revenue: 100 });
    expect(overview.days.at(-4)).toEqual({ date: at(3).toISOString().slice(0, 10), orders: 1, revenue: 50.25 });
    expect(overview.days.at(-11)).toEqual({ date: at(10).toISOString().slice(0, 10), orders: 1, revenue: 10 });
    expect(overview.days[0]).toEqual({ date: at(29).toISOString().slice(0, 10), orders: 1, revenue: 7.5 });
    expect(overview.days.filter((day) => day.orders > 0)).toHaveLength(4);
    expect(overview.statuses).toEqual([
      { status: 'unpaid', orders: 1 },
      { status: 'paid', orders: 3 },
      { status: 'shipped', orders: 2 },
      { status: 'delivered', orders: 1 },
      { status: 'cancelled', orders: 0 },
      { status: 'refunded', orders: 1 },
    ]);
    expect(overview.lowStock).toEqual([
      { _id: cableY._id, name: 'Cable Y', availableQuantity: 2, minQuantity: 3 },
      { _id: dockZ._id, name: 'Dock Z', availableQuantity: 3, minQuantity: 3 },
    ]);
    expect(overview.lowStockTotal).toBe(2);
    expect(overview.topProducts).toEqual([
      { productId: cableY._id, name: 'Cable Y', units: 6, revenue: 60.25 },
      { productId: routerX._id, name: 'Router X', units: 2, revenue: 100 },
      { productId: dockZ._id, name: 'Dock Z', units: 1, revenue: 7.5 },
    ]);
  });
});
