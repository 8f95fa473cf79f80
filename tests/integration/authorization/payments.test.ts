import { type AuthorizationContext, describeAuthorizationTable } from '#tests/helpers/authorization-table.ts';
import { insertOrder, insertSucceededTestPayment } from '#tests/helpers/payment-fixtures.ts';
import { call } from '#tests/helpers/shop-client.ts';

/** A fresh unpaid order of the owner's for each call, so one actor's payment does not change the next one's answer. */
const freshOrder = (context: AuthorizationContext) => insertOrder(context.server, context.owner, { priceCents: 3000 });

async function freshClientSecret(context: AuthorizationContext): Promise<string> {
  const orderId = await freshOrder(context);
  const started = await call<{ clientSecret: string }>(context.server, 'POST', '/api/create-payment-intent', {
    token: context.owner.token,
    body: { orderId },
  });
  return started.body.clientSecret;
}

describeAuthorizationTable('payments', [
  {
    route: 'GET /api/payment-config',
    request: async () => ({ method: 'GET', path: '/api/payment-config' }),
    expected: { anonymous: 200, otherUser: 200, owner: 200, admin: 200 },
  },
  {
    route: 'GET /api/payment/{id}',
    request: async (context) => ({ method: 'GET', path: `/api/payment/${await freshOrder(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'POST /api/create-payment-intent',
    request: async (context) => ({
      method: 'POST',
      path: '/api/create-payment-intent',
      body: { orderId: await freshOrder(context) },
    }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'POST /api/test-payments/confirm',
    request: async (context) => ({
      method: 'POST',
      path: '/api/test-payments/confirm',
      body: {
        clientSecret: await freshClientSecret(context),
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' },
        billingDetails: { name: context.owner.name, email: context.owner.email },
      },
    }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'PATCH /api/orders/{id} (with a succeeded payment of that order)',
    request: async (context) => {
      const orderId = await freshOrder(context);
      const transactionId = await insertSucceededTestPayment(context.server, orderId, 3000);
      return { method: 'PATCH', path: `/api/orders/${orderId}`, body: { transactionId, payment: orderId } };
    },
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'POST /api/webhooks/stripe (test mode: no webhook)',
    request: async () => ({
      method: 'POST',
      path: '/api/webhooks/stripe',
      body: { id: 'evt_1', type: 'payment_intent.succeeded' },
    }),
    expected: { anonymous: 404, otherUser: 404, owner: 404, admin: 404 },
  },
]);
