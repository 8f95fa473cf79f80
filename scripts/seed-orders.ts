// npm run seed:orders -- <count>
// Adds <count> made-up orders over the last 365 days (numbered oldest first, as the shop numbers them) of
// the products already in the configured database (DATABASE_URL, else the embedded one in DATA_DIR),
// from 2,000 made-up customers, with the payment line of each paid order's timeline: Manage Orders and the
// overview at a real shop's size (R-ORDERS-ADMIN, R-OVERVIEW). Time them with `npm run time:admin-orders`.
// Stop the server first when it uses the embedded database: only one process may open it.
import { asc } from 'drizzle-orm';
import { orderEvents, orders, products } from '#server/db/schema.ts';
import { addOneLineEach } from '#server/modules/orders/repository.ts';
import { ACTORS, orderLine } from '#server/modules/orders/service.ts';
import { LIMITS } from '#shared/limits.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { runWithConfiguredDatabase } from './with-configured-database.ts';

const USAGE = 'Usage: npm run seed:orders -- <count>   (1 to 1000000 orders; add products first, e.g. npm run seed:bulk -- 500)';
const BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const CUSTOMERS = 2000;

const FIRST = ['ana', 'bob', 'chen', 'dara', 'emil', 'fatima', 'gus', 'hana', 'ivan', 'jules', 'kofi', 'lena'];
const LAST = ['alvarez', 'byrne', 'cohen', 'dubois', 'evans', 'fischer', 'garcia', 'haddad', 'ito', 'jones'];
const DOMAINS = ['example.com', 'mail.test', 'freight.example', 'office.test'];

/** Where the n-th order of `count` stands: the newest are often unpaid, the older mostly delivered. */
function statusOf(n: number, count: number): OrderStatus {
  const age = 1 - n / count;
  const roll = (n * 7919) % 100;
  if (roll < 4) return 'cancelled';
  if (roll < 7) return 'refunded';
  if (age < 0.02) return roll < 40 ? 'unpaid' : roll < 70 ? 'paid' : 'shipped';
  if (age < 0.05) return roll < 50 ? 'shipped' : 'delivered';
  return 'delivered';
}

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1 || count > LIMITS.quantityMax) {
  console.error(USAGE);
  process.exit(2);
}

runWithConfiguredDatabase(async ({ db }) => {
  const shelf = await db
    .select({ id: products.id, name: products.name, picture: products.picture, priceCents: products.priceCents })
    .from(products)
    .orderBy(asc(products.createdAt))
    .limit(500);
  if (shelf.length === 0) {
    console.error(`No products to order. ${USAGE}`);
    return 2;
  }
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, index) => {
      const n = start + index;
      const product = shelf[(n * 31) % shelf.length] ?? shelf[0];
      if (!product) throw new Error('no product');
      const customer = (n * 7) % CUSTOMERS;
      const first = FIRST[customer % FIRST.length];
      const last = LAST[Math.floor(customer / FIRST.length) % LAST.length];
      const quantity = 1 + (n % 4);
      const status = statusOf(n, count);
      const createdAt = new Date(now - (1 - n / count) * 365 * DAY_MS);
      const paid = status !== 'unpaid' && status !== 'cancelled';
      return {
        ...orderLine(product, quantity),
        email: `${first}.${last}${customer}@${DOMAINS[customer % DOMAINS.length]}`,
        userName: `${first} ${last}`,
        status,
        paid,
        paidAt: paid ? new Date(createdAt.getTime() + 5 * 60_000) : null,
        transactionId: paid ? `pi_seed_${n}` : null,
        cancelledBy: status === 'cancelled' ? ('expiry' as const) : null,
        carrier: status === 'shipped' || status === 'delivered' ? 'DHL' : null,
        trackingNumber: status === 'shipped' || status === 'delivered' ? `JD${String(n).padStart(10, '0')}` : null,
        createdAt,
      };
    });
    const inserted = await db.insert(orders).values(batch).returning({ id: orders.id, paidAt: orders.paidAt });
    const payments = inserted.flatMap(({ id, paidAt }) =>
      paidAt
        ? [{ orderId: id, at: paidAt, actor: ACTORS.payment, fromStatus: 'unpaid' as const, toStatus: 'paid' as const }]
        : [],
    );
    if (payments.length > 0) await db.insert(orderEvents).values(payments);
    await addOneLineEach(
      db,
      inserted.map(({ id }) => id),
    );
  }
  // Fresh statistics, so the planner knows the table's size at once.
  await db.execute('analyze orders');
  await db.execute('analyze order_events');
  await db.execute('analyze order_lines');
  console.log(`Added ${count} orders.`);
  return 0;
});
