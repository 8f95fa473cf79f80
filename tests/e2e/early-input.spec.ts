import { addProduct } from '../helpers/catalog.ts';
import { signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { holdAnswers } from './held-answers.ts';
import { signInBrowser } from './sign-in.ts';

/**
 * Opens a server-rendered page with the app's code held back: the entry runs (it is the one script the
 * page names), every file it imports waits until `release` is called. That is the page a phone shows
 * between the first paint and hydration, made as long as the test needs (R-EARLY-INPUT).
 */
async function openBeforeHydration(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  expect(entry, 'the page names its entry script').toBeDefined();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let appAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    appAsked = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    if (new URL(route.request().url()).pathname !== entry) {
      appAsked();
      await released;
    }
    await route.continue();
  });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await asked;
  return { release, addresses };
}

test('a login typed and sent before the app has started signs in, and the password never reaches the address', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server);
  const { release, addresses } = await openBeforeHydration(page, '/login');

  await page.getByRole('main').getByLabel('Email').fill(customer.email);
  await page.getByRole('main').getByLabel('Password').fill('secret123');
  await page.getByRole('main').getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Held, not sent by the browser as a GET of the form's fields.
  await expect(page).toHaveURL(`${server.url}/login`);

  release();
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();
  expect(
    addresses.filter((address) => address.includes('secret123') || address.includes('?')),
    'addresses with form fields',
  ).toEqual([]);
});

test('a quantity typed before the app has started is kept when the session check answers after hydration', async ({
  page,
  server,
}) => {
  const product = await addProduct(server, await signInAdmin(server), {
    name: 'Early Quantity Switch',
    price: '399',
    availableQuantity: 9,
    picture: `${server.url}/images/products/workstation-mini.svg`,
  });
  await signInBrowser(page, server, await signUpCustomer(server));
  // The session check answers only once the page has hydrated: its answer re-renders the form.
  const answerSession = await holdAnswers(page, '**/api/auth/get-session');
  const { release } = await openBeforeHydration(page, `/purchase/${product._id}`);

  const quantity = page.getByRole('spinbutton', { name: 'Quantity', exact: true });
  await quantity.fill('2');
  release();
  await expect
    .poll(() => quantity.evaluate((field) => Object.keys(field).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  answerSession();

  await expect(page.getByText('$ 798.00', { exact: true })).toBeVisible();
  await expect(quantity).toHaveValue('2');
});

test('a visitor’s Order Now tapped before the app has started still leads to login first', async ({ page }) => {
  const { release } = await openBeforeHydration(page, '/');
  await page.getByTestId('product-card').first().getByRole('link', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/$/);

  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('a page scrolled before the app has started stays where the visitor scrolled it', async ({ page }) => {
  const { release } = await openBeforeHydration(page, '/');
  await page.evaluate(() => window.scrollTo(0, 900));
  release();
  // Started and told who is looking: a visitor's Order Now now leads to login.
  await expect(page.getByTestId('product-card').first().getByRole('link', { name: 'Order Now' })).toHaveAttribute(
    'href',
    '/login',
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});

test('a tap on a part whose code waits for idle time is answered once that code has come', async ({ page }) => {
  // A browser that stays busy until the test says otherwise.
  await page.addInitScript(() => {
    const waiting: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback) => waiting.push(callback);
    (window as unknown as { becomeIdle: () => void }).becomeIdle = () => {
      for (const callback of waiting.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    };
  });
  await page.goto('/');
  await expect(page.getByTestId('product-card').first().getByRole('link', { name: 'Order Now' })).toHaveAttribute(
    'href',
    '/login',
  );
  const card = page.getByTestId('service-card').filter({ hasText: 'Ocean Freight' });
  await card.getByRole('button', { name: /^Read More/ }).click();
  await expect(card.getByRole('button', { name: /^Read More/ })).toHaveAttribute('aria-expanded', 'false');

  await page.evaluate(() => (window as unknown as { becomeIdle: () => void }).becomeIdle());
  await expect(card.getByRole('button', { name: /^Show less/ })).toHaveAttribute('aria-expanded', 'true');
});
