import { MESSAGES } from '#shared/messages.ts';
import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/order.ts';
import type { Product } from '#shared/product.ts';
import { DELIVERY, placeOrder } from '../helpers/catalog.ts';
import { type FakeStripe, STRIPE_TEST_ENV, startFakeStripe } from '../helpers/fake-stripe.ts';
import { FAKE_STRIPE_JS } from '../helpers/fake-stripe-js.ts';
import { orderRow } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { holdAnswers } from './held-answers.ts';
import { signInBrowser } from './sign-in.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** A new customer with an unpaid order of a demo product going to DELIVERY, placed through the API. */
async function customerWithOrder(server: TestServer, quantity = 2): Promise<{ customer: SignedInCustomer; order: Order }> {
  const [product] = (await call<Product[]>(server, 'GET', '/api/home')).body;
  if (!product) throw new Error('no demo product');
  const customer = await signUpCustomer(server, { name: 'Tahmid Hasan' });
  const placed = await placeOrder(server, customer, product._id, Math.max(quantity, product.minQuantity), {
    shippingAddress: DELIVERY,
  });
  expect(placed.status).toBe(201);
  return { customer, order: placed.body };
}

/** The same, signed in in the browser. */
async function signedInWithOrder(page: Page, server: TestServer, quantity = 2) {
  const placed = await customerWithOrder(server, quantity);
  await signInBrowser(page, server, placed.customer);
  return placed;
}

/** Typed key by key as digits only: the form shows them grouped as on the card, and the expiry as MM/YY. */
async function fillCard(page: Page, number: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Card number').clear();
  await main.getByLabel('Card number').pressSequentially(number.replaceAll(' ', ''));
  await expect(main.getByLabel('Card number')).toHaveValue(number);
  await main.getByLabel('Expiry').clear();
  await main.getByLabel('Expiry').pressSequentially(`12${nextYear}`);
  await expect(main.getByLabel('Expiry')).toHaveValue(`12/${nextYear}`);
  await main.getByLabel('CVC').fill('123');
}

test('Pay from My Orders with 4242: the order confirmation, above the fold, with the green success and transaction id, then My Orders shows it paid with no cancel', async ({
  page,
  server,
}) => {
  const { order } = await signedInWithOrder(page, server, 3);
  // Hold the payment start back, to see Pay now wait for the client secret.
  const releasePayment = await holdAnswers(page, '**/api/create-payment-intent');

  await page.goto('/dashboard/orders');
  const row = page.getByTestId('order-row');
  await row.getByRole('link', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${order._id}`);

  const main = page.getByRole('main');
  await expect(main.getByText('Hello, Tahmid Hasan')).toBeVisible();
  await expect(main.getByText(`Please pay for ${order.name}`)).toBeVisible();
  await expect(main.getByText(`Quantity : ${order.quantity}`)).toBeVisible();
  await expect(main.getByText(`Please pay : ${formatPrice(order.price)}`)).toBeVisible();
  await expect(main.getByText('Test mode — no real card is charged')).toBeVisible();
  await expect(main.getByText('4242 4242 4242 4242').first()).toBeVisible();

  const payNow = main.getByRole('button', { name: 'Pay now' });
  await fillCard(page, '4242 4242 4242 4242');
  await expect(payNow).toBeDisabled();
  releasePayment();
  await expect(payNow).toBeEnabled();
  await payNow.click();

  // R-ORDER-CONFIRMATION: the confirmation takes the payment form's place, its top on screen and focused.
  const confirmation = main.getByTestId('order-confirmation');
  const heading = confirmation.getByRole('heading', { name: MESSAGES.orderConfirmed(order.number) });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  const success = confirmation.getByText(MESSAGES.paymentComplete);
  await expect(success).toBeInViewport();
  await expect(success.locator('..')).toHaveClass(/text-success/);
  const transactionId = (await orderRow(server, order._id))?.transactionId ?? '';
  expect(transactionId).toMatch(/^pi_[0-9a-f]{24}$/);
  await expect(confirmation.getByText(MESSAGES.transactionId(transactionId))).toBeInViewport();
  await expect(confirmation.getByTestId('confirmation-line')).toHaveText([
    `${order.quantity} × ${order.name}${formatPrice(order.price)}`,
  ]);
  await expect(confirmation.getByTestId('confirmation-total')).toHaveText(formatPrice(order.price));
  await expect(confirmation.locator('address')).toHaveText(`${DELIVERY.name}${DELIVERY.address}${DELIVERY.phone}`);
  await expect(confirmation.getByText(MESSAGES.orderNextSteps)).toBeVisible();
  // No second payment can be started from here.
  await expect(payNow).toHaveCount(0);
  expect(await orderRow(server, order._id)).toMatchObject({ paid: true, payment: order._id });

  await confirmation.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(row.getByRole('button', { name: 'paid' })).toBeDisabled();
  // Exact: the (folded) timeline names the payment too.
  await expect(row.getByText(transactionId, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);

  // Coming back to the payment page offers no second payment.
  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(main.getByText('This order is already paid')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('the decline card shows the provider message in red and the order stays unpaid', async ({ page, server }) => {
  const { order } = await signedInWithOrder(page, server);
  await page.goto(`/dashboard/payment/${order._id}`);
  const main = page.getByRole('main');
  const payNow = main.getByRole('button', { name: 'Pay now' });
  await expect(payNow).toBeEnabled();

  // A mistyped number is caught on the page, before anything is charged.
  await fillCard(page, '4242 4242 4242 4241');
  await payNow.click();
  await expect(main.getByText('Your card number is invalid.')).toBeVisible();

  await fillCard(page, '4000 0000 0000 0002');
  await payNow.click();
  const error = main.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-error/);
  await expect(main.getByText(MESSAGES.paymentComplete)).toHaveCount(0);
  await expect(payNow).toBeEnabled();
  expect(await orderRow(server, order._id)).toMatchObject({ paid: false, transactionId: null });

  await page.goto('/dashboard/orders');
  const row = page.getByTestId('order-row');
  await expect(row.getByRole('link', { name: 'Pay' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeEnabled();
});

test('someone else’s order cannot be paid: a clear message and no card form', async ({ page, server }) => {
  const { order } = await customerWithOrder(server);
  const stranger = await signUpCustomer(server);
  await signInBrowser(page, server, stranger);
  await page.goto(`/dashboard/payment/${order._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert').filter({ hasText: 'You can only pay for your own orders.' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('after a card payment, Manage Orders shows the order paid, with a disabled Confirm Order and no Cancel Order', async ({
  page,
  server,
}) => {
  const { customer, order } = await customerWithOrder(server);
  const started = await call(server, 'POST', '/api/create-payment-intent', {
    token: customer.token,
    body: { orderId: order._id },
  });
  const paid = await call(server, 'POST', '/api/test-payments/confirm', {
    token: customer.token,
    body: {
      clientSecret: started.body.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2000 + Number(nextYear), cvc: '123' },
      billingDetails: { name: customer.name, email: customer.email },
    },
  });
  expect(paid.status).toBe(200);

  await signInBrowser(page, server, await signInAdmin(server));
  await page.goto('/dashboard/manageOrders');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Confirm Order' }).filter({ visible: true })).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Cancel Order' }).filter({ visible: true })).toHaveCount(0);
});

test('the payment page fits a 375 px phone without sideways scrolling', async ({ page, server }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { order } = await signedInWithOrder(page, server);
  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Pay now' })).toBeEnabled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

interface StripeConfirmation {
  clientSecret: string;
  billingDetails: { name: string; email: string };
}

/** Stripe mode: the shop talks to a local stand-in for the Stripe API, the browser to a stand-in Stripe.js. */
const stripeTest = test.extend<{ fakeStripe: FakeStripe; confirmations: StripeConfirmation[]; stripeJsLoads: string[] }>({
  fakeStripe: async ({}, use) => {
    const fake = await startFakeStripe();
    await use(fake);
    await fake.close();
  },
  serverOptions: async ({ fakeStripe }, use) => {
    await use({ seed: true, env: { ...STRIPE_TEST_ENV }, payments: { stripeClient: fakeStripe.clientOptions } });
  },
  // Stripe.js comes from Stripe's servers by design in Stripe mode; here the route below answers it.
  allowedOrigins: ['https://js.stripe.com/'],
  stripeJsLoads: async ({ page }, use) => {
    const loads: string[] = [];
    await page.route('https://js.stripe.com/**', async (route) => {
      loads.push(route.request().url());
      await route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS });
    });
    await use(loads);
  },
  confirmations: async ({ page, fakeStripe }, use) => {
    const confirmations: StripeConfirmation[] = [];
    await page.exposeFunction(
      'fakeStripeConfirm',
      (clientSecret: string, number: string, billingDetails: StripeConfirmation['billingDetails']) => {
        confirmations.push({ clientSecret, billingDetails });
        if (number.replace(/\s/g, '') === '4000000000000002') {
          return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        }
        return { paymentIntent: fakeStripe.succeed(clientSecret.split('_secret_')[0] ?? '') };
      },
    );
    await use(confirmations);
  },
});

stripeTest(
  'Stripe mode: Stripe.js loads on the payment page only; the card is confirmed with the client secret and billing details',
  async ({ page, server, fakeStripe, confirmations, stripeJsLoads }) => {
    const { customer, order } = await signedInWithOrder(page, server);
    await page.goto('/dashboard/orders');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    expect(stripeJsLoads).toEqual([]);

    await page.getByTestId('order-row').getByRole('link', { name: 'Pay' }).click();
    const main = page.getByRole('main');
    await expect(main.getByText('Hello, Tahmid Hasan')).toBeVisible();
    await expect(main.getByText('Test mode — no real card is charged')).toHaveCount(0);
    const payNow = main.getByRole('button', { name: 'Pay now' });
    await expect(payNow).toBeEnabled();
    expect(stripeJsLoads).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { fakeStripeKeys: string[] }).fakeStripeKeys)).toEqual([
      STRIPE_TEST_ENV.STRIPE_PUBLISHABLE_KEY,
    ]);
    const intent = [...fakeStripe.intents.values()].find((candidate) => candidate.metadata.orderId === order._id);
    expect(intent?.amount).toBe(Math.round(order.price * 100));

    await main.getByLabel('fake cardNumber').fill('4000 0000 0000 0002');
    await payNow.click();
    await expect(main.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toHaveClass(/text-error/);
    expect((await orderRow(server, order._id))?.paid).toBe(false);

    await main.getByLabel('fake cardNumber').fill('4242 4242 4242 4242');
    await payNow.click();
    await expect(main.getByText(MESSAGES.paymentComplete)).toBeVisible();
    await expect(main.getByText(MESSAGES.transactionId(intent?.id ?? ''))).toBeVisible();
    expect(confirmations.at(-1)).toEqual({
      clientSecret: intent?.client_secret,
      billingDetails: { name: 'Tahmid Hasan', email: customer.email },
    });
    expect(await orderRow(server, order._id)).toMatchObject({ paid: true, transactionId: intent?.id });
  },
);
