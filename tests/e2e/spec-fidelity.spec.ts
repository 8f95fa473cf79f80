import type { ConsoleMessage, Request } from '@playwright/test';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct, placeOrder } from '../helpers/catalog.ts';
import { type SignedInCustomer, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** The sign-out races below lost only some of the time, so each flow runs this often. */
const RUNS = 5;
const PASSWORD = 'cargo2026';
const MY_ORDERS_CALL = /\/api\/orders\?email=/;
/** The calls a signed-in page makes for its user; none may follow a sign-out. */
const SIGNED_IN_CALLS = [/\/api\/user\/[^/]+$/, /\/api\/admin\/[^/]+$/];

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

/**
 * What the browser does around a sign-out: calls for the signed-in user once Better Auth's sign-out
 * call has gone out, and every console error but the one of a refused call the test staged itself.
 */
function watchSignOut(page: Page, staged?: RegExp) {
  let signedOut = false;
  const callsAfter: string[] = [];
  const consoleErrors: string[] = [];
  const onRequest = (request: Request) => {
    if (request.url().endsWith('/api/auth/sign-out')) signedOut = true;
    else if (signedOut && SIGNED_IN_CALLS.some((call) => call.test(request.url()))) {
      callsAfter.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' && !staged?.test(message.location().url)) consoleErrors.push(message.text());
  };
  page.on('request', onRequest);
  page.on('console', onConsole);
  return {
    /** Stray calls and redirects came a moment after the sign-out: give them that moment before looking. */
    async settle() {
      await expect.poll(() => signedOut).toBe(true);
      await page.waitForTimeout(750);
      page.off('request', onRequest);
      page.off('console', onConsole);
      return { path: new URL(page.url()).pathname, callsAfter, consoleErrors };
    },
  };
}

/** A fresh session for the same customer each run: a sign-out ends the previous one for good. */
async function signInAgain(page: Page, server: TestServer, customer: SignedInCustomer): Promise<void> {
  await page.context().clearCookies();
  await signInBrowser(page, server, await signIn(server, customer.email, PASSWORD));
}

const navbarLogin = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Login' });

test('a 401 or 403 on My Orders signs out, forgets the access token and ends on /login saying the session ended, without a call or console error after', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { password: PASSWORD });
  for (let run = 0; run < RUNS; run++) {
    const status = run % 2 === 0 ? 401 : 403;
    await signInAgain(page, server, customer);
    await page.route(MY_ORDERS_CALL, (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: status === 401 ? 'unauthorized' : 'forbidden', message: 'Refused.' } }),
      }),
    );
    const watch = watchSignOut(page, MY_ORDERS_CALL);

    await page.goto('/dashboard/orders');
    await expect(navbarLogin(page)).toBeVisible();
    const after = await watch.settle();
    expect(after.path, `run ${run + 1} (${status})`).toBe('/login');
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.sessionEnded })).toBeVisible();
    expect(await accessToken(page)).toBeNull();
    expect(after.callsAfter).toEqual([]);
    expect(after.consoleErrors).toEqual([]);
    await page.unroute(MY_ORDERS_CALL);
  }
});

test('Logout from the dashboard ends on /login with no call for the user and no console error after', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { password: PASSWORD });
  for (let run = 0; run < RUNS; run++) {
    await signInAgain(page, server, customer);
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const watch = watchSignOut(page);

    await page.getByRole('button', { name: `Account menu for ${customer.email}` }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(navbarLogin(page)).toBeVisible();
    const after = await watch.settle();
    expect(after.path, `run ${run + 1}`).toBe('/login');
    expect(await accessToken(page)).toBeNull();
    expect(after.callsAfter).toEqual([]);
    expect(after.consoleErrors).toEqual([]);
  }
});

test('a customer sent away from an admin page ends on /login with no call for the user and no console error after', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { password: PASSWORD });
  for (let run = 0; run < RUNS; run++) {
    await signInAgain(page, server, customer);
    const watch = watchSignOut(page);

    await page.goto('/dashboard/makeAdmin');
    await expect(navbarLogin(page)).toBeVisible();
    const after = await watch.settle();
    expect(after.path, `run ${run + 1}`).toBe('/login');
    expect(await accessToken(page)).toBeNull();
    expect(after.callsAfter).toEqual([]);
    expect(after.consoleErrors).toEqual([]);
  }
});

test('the profile page opens with the placeholder intro: a person, a contact email and a CSE background', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server, await signUpCustomer(server));
  await page.goto('/about');
  const founder = page.getByRole('region', { name: 'A word from our founder' });
  const person = (await founder.locator('figcaption .font-semibold').textContent()) ?? '';
  const email = (await founder.getByRole('link').textContent()) ?? '';
  expect(person).not.toBe('');
  expect(email).toContain('@');

  await page.goto('/userProfile');
  const intro = page.getByRole('region', { name: 'A word from our founder' });
  await expect(intro.getByText(person, { exact: true })).toBeVisible();
  await expect(intro.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(intro.getByText(/Educational background: CSE/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'SUBMIT' })).toBeVisible();

  // The form starts from the saved details and shows them again after SUBMIT, not blank (issue 26).
  const form = page.getByRole('main');
  await form.getByLabel('Address').fill('7 Quay Road, Khulna');
  await form.getByLabel('Phone number').fill('01711-222333');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.locator('.Toastify').getByText(MESSAGES.profileUpdated)).toBeVisible();
  await expect(form.getByLabel('Address')).toHaveValue('7 Quay Road, Khulna');
  await page.reload();
  await expect(form.getByLabel('Address')).toHaveValue('7 Quay Road, Khulna');
  await expect(form.getByLabel('Phone number')).toHaveValue('01711-222333');
});

test('one price format on cards, the purchase page and tables, with the spec labels kept', async ({ page, server }) => {
  const admin = await signInAdmin(server);
  const product = await addProduct(server, admin, {
    name: 'Round Price Rack Server',
    price: '399',
    availableQuantity: 9,
    picture: `${server.url}/images/products/workstation-mini.svg`,
  });
  const customer = await signUpCustomer(server);
  await placeOrder(server, customer, product._id, 2);
  const left = product.availableQuantity - 2;
  await signInBrowser(page, server, customer);

  await page.goto('/');
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await expect(card.getByText('Price : $ 399.00', { exact: true })).toBeVisible();
  await expect(card.getByText(`Available in : ${left}`, { exact: true })).toBeVisible();

  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByText('$ 399.00', { exact: true })).toBeVisible();
  await page.getByLabel('Quantity').fill('2');
  await expect(page.getByText('$ 798.00', { exact: true })).toBeVisible();

  await page.goto('/dashboard/orders');
  await expect(page.getByTestId('order-row').getByText('$ 798.00', { exact: true })).toBeVisible();
});
