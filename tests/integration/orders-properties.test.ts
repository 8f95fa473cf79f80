import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, markPaid, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const INITIAL_STOCK = 12;
const RANGE = { minQuantity: 2, maxQuantity: 5 };
const CUSTOMERS = 3;

type Command =
  | { kind: 'order'; customer: number; quantity: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'adminCancel'; pick: number }
  | { kind: 'pay'; pick: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('order'),
      customer: fc.nat(CUSTOMERS - 1),
      quantity: fc.integer({ min: 0, max: 7 }),
    }),
    weight: 4,
  },
  fc.record({ kind: fc.constant('cancel'), pick: fc.nat() }),
  fc.record({ kind: fc.constant('adminCancel'), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay'), pick: fc.nat() }),
) as fc.Arbitrary<Command>;

interface ModelOrder {
  id: string;
  customer: number;
  quantity: number;
  paid: boolean;
}

describe.each(testDatabaseKinds())('order rules as properties on %s', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let customers: SignedInCustomer[];
  beforeAll(async () => {
    // Runs pile up unpaid orders of many products: only the per-product unpaid quantity is modelled here.
    server = await startTestServer({ kind, env: { MAX_UNPAID_ORDERS: '1000' } });
    admin = await signInAdmin(server);
    customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signUpCustomer(server)));
  });
  afterAll(() => server?.stop());

  it('for any sequence of orders, cancels and payments: stock + quantities of unpaid and paid orders = initial stock', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 15 }), async (commands) => {
        const product = await addProduct(server, admin, { ...RANGE, availableQuantity: INITIAL_STOCK });
        let stock = INITIAL_STOCK;
        let orders: ModelOrder[] = [];

        for (const step of commands) {
          if (step.kind === 'order') {
            const answer = await placeOrder(server, customers[step.customer] as SignedInCustomer, product._id, step.quantity);
            const inRange = step.quantity >= RANGE.minQuantity && step.quantity <= RANGE.maxQuantity;
            // R-HOLD: a customer's unpaid quantity of one product stays within its maximum.
            const held = orders
              .filter((order) => order.customer === step.customer && !order.paid)
              .reduce((sum, order) => sum + order.quantity, 0);
            const expected = !inRange ? 400 : step.quantity > stock || held + step.quantity > RANGE.maxQuantity ? 409 : 201;
            expect(answer.status, JSON.stringify(step)).toBe(expected);
            if (answer.status === 201) {
              stock -= step.quantity;
              orders.push({ id: answer.body._id, customer: step.customer, quantity: step.quantity, paid: false });
            }
          } else if (orders.length > 0) {
            const order = orders[step.pick % orders.length] as ModelOrder;
            if (step.kind === 'pay') {
              await markPaid(server, order.id);
              order.paid = true;
            } else {
              const answer =
                step.kind === 'cancel'
                  ? await call(server, 'DELETE', `/api/removeItem/${order.id}`, {
                      token: (customers[order.customer] as SignedInCustomer).token,
                    })
                  : await call(server, 'DELETE', `/api/deleteOrders/${order.id}`, { token: admin.token });
              expect(answer.status, JSON.stringify(step)).toBe(order.paid ? 409 : 200);
              if (!order.paid) {
                stock += order.quantity;
                orders = orders.filter((kept) => kept !== order);
              }
            }
          }

          const stored = await ordersOfProduct(server, product._id);
          // Cancelled orders stay listed (R-ORDER-STATUS) but hold nothing.
          const holding = stored.filter((row) => row.status !== 'cancelled');
          const reserved = holding.reduce((sum, row) => sum + row.quantity, 0);
          const available = await stockOf(server, product._id);
          expect(available).toBe(stock);
          expect(available + reserved).toBe(INITIAL_STOCK);
          expect(stored.filter((row) => row.paid)).toHaveLength(orders.filter((order) => order.paid).length);
          expect(holding).toHaveLength(orders.length);
        }
      }),
      { numRuns: 25 },
    );
  });
});
