import { eq, sql } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import type { Order } from '#shared/order.ts';
import type { AdminProduct, Product } from '#shared/product.ts';
import { type ApiAnswer, call, type SignedInCustomer } from './shop-client.ts';
import type { TestServer } from './test-server.ts';

/** A valid Add Products form, as the original client sends it (price as text, quantities as numbers). */
export const NEW_PRODUCT = {
  name: 'PortaRoute Travel Router',
  price: '49.50',
  description: 'Pocket Wi-Fi router for hotel rooms and trade-fair stands.',
  minQuantity: 1,
  maxQuantity: 5,
  availableQuantity: 10,
  picture: 'https://cdn.example.com/portaroute.png',
} as const;

/** Adds a product as an admin through POST /api/addProduct and answers it. */
export async function addProduct(
  server: TestServer,
  admin: SignedInCustomer,
  overrides: Partial<Record<keyof typeof NEW_PRODUCT | 'categoryId', unknown>> = {},
): Promise<AdminProduct> {
  const answer = await call<AdminProduct>(server, 'POST', '/api/addProduct', {
    token: admin.token,
    body: { ...NEW_PRODUCT, ...overrides },
  });
  if (answer.status !== 201) throw new Error(`addProduct: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** What anyone reads of a product an admin's call answered: the same, without who added it (decision 46). */
export function publicView({ email: _email, userName: _userName, ...product }: AdminProduct): Product {
  return product;
}

/** Buy Now through POST /api/orders; `more` adds to the body (a delivery address, say). */
export function placeOrder(
  server: TestServer,
  customer: SignedInCustomer,
  productId: string,
  quantity: unknown,
  more: Record<string, unknown> = {},
): Promise<ApiAnswer<Order & { error?: { code: string; message: string; fields?: Record<string, string> } }>> {
  return call(server, 'POST', '/api/orders', { token: customer.token, body: { productId, quantity, ...more } });
}

/** Puts products in the customer's server cart one after the other, so the cart lists them in this order. */
export async function fillCart(server: TestServer, customer: SignedInCustomer, items: { productId: string; quantity: number }[]) {
  for (const item of items) {
    const answer = await call(server, 'POST', '/api/cart/items', { token: customer.token, body: { items: [item] } });
    if (answer.status !== 200) throw new Error(`fillCart: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/** Checkout through POST /api/checkout: the customer's cart becomes one order (R-CHECKOUT). */
export function checkOut(
  server: TestServer,
  customer: SignedInCustomer,
  body: Record<string, unknown> = {},
): Promise<ApiAnswer<Order & { error?: { code: string; message: string; fields?: Record<string, string> } }>> {
  return call(server, 'POST', '/api/checkout', { token: customer.token, body });
}

/** A delivery address the profile page would accept (R-ORDER-ADDRESS). */
export const DELIVERY = { name: 'Dora Door', address: '7 Quay Street, Chattogram 4100', phone: '+880 1711 000000' } as const;

export async function stockOf(server: TestServer, productId: string): Promise<number> {
  const answer = await call<Product>(server, 'GET', `/api/purchase/${productId}`);
  if (answer.status !== 200) throw new Error(`product ${productId}: ${answer.status}`);
  return answer.body.availableQuantity;
}

/** Marks an order paid straight in the database, as a confirmed payment would (payments are tested elsewhere). */
export async function markPaid(server: TestServer, orderId: string, transactionId = 'pi_test'): Promise<void> {
  await server.db
    .update(orders)
    .set({ paid: true, status: 'paid', transactionId, payment: orderId, paidAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** Moves an order's placing back in time, as if it had waited that long for its payment. */
export async function placedMinutesAgo(server: TestServer, orderId: string, minutes: number): Promise<void> {
  await server.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
}

export async function ordersOfProduct(server: TestServer, productId: string) {
  return server.db.select().from(orders).where(eq(orders.productId, productId));
}

/** A real 1×1 PNG, small enough to upload anywhere. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * POST /api/addProduct as multipart/form-data, the way the Add Products form sends an uploaded picture;
 * `target` sends the edit form instead (PUT /api/purchase/{id}).
 */
export async function addProductWithUpload(
  server: TestServer,
  admin: SignedInCustomer,
  fields: Record<string, string | number>,
  file?: { content: Buffer; name: string; type: string },
  target: { method: 'POST' | 'PUT'; path: string } = { method: 'POST', path: '/api/addProduct' },
): Promise<ApiAnswer<AdminProduct & { error?: { code: string; message: string; fields?: Record<string, string> } }>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (file) form.append('pictureFile', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const response = await fetch(`${server.url}${target.path}`, {
    method: target.method,
    headers: { origin: server.url, authorization: `Bearer ${admin.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as never, headers: response.headers };
}
