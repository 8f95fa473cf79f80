import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders, paymentIntents, products, user } from '#server/db/schema.ts';
import { addOneLineEach } from '#server/modules/orders/repository.ts';
import { call, type SignedInCustomer } from './shop-client.ts';
import type { TestServer } from './test-server.ts';

export interface OrderFields {
  priceCents?: number;
  quantity?: number;
  name?: string;
}

/** An unpaid order of the customer's, written straight into the database as Buy Now leaves it. */
export async function insertOrder(server: TestServer, customer: SignedInCustomer, fields: OrderFields = {}): Promise<string> {
  const [owner] = await server.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, customer.email));
  if (!owner) throw new Error(`no user ${customer.email}`);
  const [product] = await server.db.select({ id: products.id, picture: products.picture }).from(products).limit(1);
  const quantity = fields.quantity ?? 2;
  const priceCents = fields.priceCents ?? 2 * 4999;
  const [order] = await server.db
    .insert(orders)
    .values({
      productId: product?.id ?? null,
      userId: owner.id,
      name: fields.name ?? 'Rugged Field Laptop 14',
      picture: product?.picture ?? '/images/products/aerobook-14.svg',
      quantity,
      unitPriceCents: Math.round(priceCents / quantity),
      priceCents,
      email: customer.email,
      userName: owner.name,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not inserted');
  await addOneLineEach(server.db, [order.id]);
  return order.id;
}

export async function orderRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** A succeeded test-processor payment for the order, as if its card had been charged; the amount may differ from the order's. */
export async function insertSucceededTestPayment(
  server: TestServer,
  orderId: string,
  amountCents: number,
  currency = 'usd',
): Promise<string> {
  const id = `pi_${randomBytes(12).toString('hex')}`;
  await server.db.insert(paymentIntents).values({
    id,
    orderId,
    provider: 'test',
    clientSecret: `${id}_secret_${randomBytes(24).toString('hex')}`,
    amountCents,
    currency,
    status: 'succeeded',
  });
  return id;
}

/** The test processor charges a card for the payment a client secret opens, as the card form does: its answer. */
export function chargeTestCard(
  server: TestServer,
  customer: SignedInCustomer,
  clientSecret: string,
  number = '4242424242424242',
) {
  return call(server, 'POST', '/api/test-payments/confirm', {
    token: customer.token,
    body: {
      clientSecret,
      card: { number, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' },
      billingDetails: { name: customer.name, email: customer.email },
    },
  });
}

/** Pays the order with the built-in test processor and the 4242 card, as the payment page does; answers the transaction id. */
export async function payWithTestCard(server: TestServer, customer: SignedInCustomer, orderId: string): Promise<string> {
  const started = await call(server, 'POST', '/api/create-payment-intent', { token: customer.token, body: { orderId } });
  const charged = await chargeTestCard(server, customer, started.body.clientSecret);
  if (charged.status !== 200) throw new Error(`payment of ${orderId}: ${charged.status} ${JSON.stringify(charged.body)}`);
  return charged.body.paymentIntent.id;
}
