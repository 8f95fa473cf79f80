import { formatPrice } from '#shared/money.ts';
import { signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

/** A browser that stays busy until the test calls `becomeIdle`: what waits for idle time waits for the test. */
async function keepBrowserBusy(page: Page) {
  await page.addInitScript(() => {
    const waiting: IdleRequestCallback[] = [];
    let idle = false;
    const idleDeadline = { didTimeout: false, timeRemaining: () => 50 };
    window.requestIdleCallback = (callback) =>
      idle ? window.setTimeout(() => callback(idleDeadline), 0) : waiting.push(callback);
    (window as unknown as { becomeIdle: () => void }).becomeIdle = () => {
      idle = true;
      for (const callback of waiting.splice(0)) callback(idleDeadline);
    };
  });
}

const becomeIdle = (page: Page) => page.evaluate(() => (window as unknown as { becomeIdle: () => void }).becomeIdle());

test('the home grid shows at most 8 products with the spec texts, and Order Now opens the purchase page', async ({
  page,
  server,
}) => {
  await signInBrowser(page, server, await signUpCustomer(server));
  const products = (await (await page.request.get('/api/home')).json()) as {
    name: string;
    price: number;
    availableQuantity: number;
  }[];
  const expected = products.reverse().slice(0, 8);
  await page.goto('/');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(8);
  const first = cards.first();
  await expect(first.getByText(/^Available in : \d+$/)).toBeVisible();
  await expect(first.getByText(/^Price : \$ \d+(\.\d+)?$/)).toBeVisible();
  const names = await cards.getByRole('heading').allTextContents();
  expect(names).toEqual(expected.map(({ name }) => (name.length > 30 ? `${name.slice(0, 30)}...` : name)));
  await expect(first.getByText(`Price : ${formatPrice(expected[0]?.price ?? 0)}`, { exact: true })).toBeVisible();
  await expect(first.getByText(`Available in : ${expected[0]?.availableQuantity}`)).toBeVisible();

  await first.getByRole('link', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: expected[0]?.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`the navbar’s buttons stay where they were drawn when the session check answers (${width} px)`, async ({ page }) => {
    // The session check answers late, as on a slow network: the page is shown, and tapped, before it.
    let answerSession = () => {};
    const sessionAsked = new Promise<void>((asked) => {
      void page.route('**/api/auth/get-session*', async (route) => {
        await new Promise<void>((answer) => {
          answerSession = answer;
          asked();
        });
        await route.continue();
      });
    });
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await sessionAsked;
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('status', { name: 'Checking your session' })).toBeVisible();
    const language = banner.getByRole('button', { name: 'বাংলা' });
    const before = await language.boundingBox();
    answerSession();
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await language.boundingBox()).toEqual(before);
  });
}

test('Order Now sends an anonymous visitor to login', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('product-card').first().getByRole('link', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path shows Page not found, and Back to Home returns home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'OUR PRODUCTS' })).toBeVisible();
});

test('the stylesheet inlined in the page is not downloaded again when the app starts, and still styles the page', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // The app has hydrated once the carousel's idle-loaded slider has arrived with its own stylesheet.
  await expect.poll(() => stylesheets.some((path) => path.includes('HeroSwiper'))).toBe(true);
  // The app's stylesheet (Vite names it after the entry, index) is inline in the page already.
  expect(stylesheets.filter((path) => /^\/assets\/index-[\w-]+\.css$/.test(path))).toEqual([]);
  // The inline copy styles the page: the body text is set in the theme's font.
  await expect(page.locator('body')).toHaveCSS('font-family', /Inter Variable/);
});

test('the app’s code is asked for only once the browser has shown the first paint (R-FIRST-PAINT)', async ({ page }) => {
  for (const path of ['/', '/about', '/login']) {
    await page.goto(path);
    // The app has started once its session check has gone out.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/get-session'))),
      )
      .toBe(true);
    const timings = await page.evaluate(() => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"]')?.src;
      return {
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        asked: performance
          .getEntriesByType('resource')
          .filter((resource) => resource.name.endsWith('.js') && resource.name !== entry)
          .map((resource) => resource.startTime),
      };
    });
    expect(timings.painted, `${path} was painted`).toBeDefined();
    expect(timings.asked.length, `${path} loaded the app`).toBeGreaterThan(0);
    expect(Math.min(...timings.asked), `${path}: the app's first file after the paint`).toBeGreaterThanOrEqual(
      timings.painted ?? 0,
    );
  }
});

test('the home grid’s pictures are asked for after the first paint, then show; without scripts they load as usual (R-FIRST-PAINT)', async ({
  page,
  browser,
  server,
}) => {
  await page.goto('/');
  const picture = page.getByTestId('product-card').first().locator('img');
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const timings = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    asked: performance
      .getEntriesByType('resource')
      .filter((resource) => resource.name.includes('/images/products/'))
      .map((resource) => resource.startTime),
  }));
  expect(timings.painted, 'the page was painted').toBeDefined();
  expect(timings.asked.length, 'the grid’s pictures were loaded').toBeGreaterThan(0);
  expect(Math.min(...timings.asked), 'the first picture asked for after the paint').toBeGreaterThanOrEqual(timings.painted ?? 0);

  const withoutScripts = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  try {
    const plainPage = await withoutScripts.newPage();
    await plainPage.goto('/');
    const plainPicture = plainPage.getByTestId('product-card').first().locator('img');
    await expect(plainPicture).toBeVisible();
    await plainPicture.scrollIntoViewIfNeeded();
    await expect.poll(() => plainPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  } finally {
    await withoutScripts.close();
  }
});

test('the parts whose code waits for idle time keep their server HTML when the page re-renders for the visitor', async ({
  page,
}) => {
  await keepBrowserBusy(page);
  await page.addInitScript(() => {
    document.addEventListener('shop:hydrated', () => {
      (window as unknown as { ready: boolean }).ready = true;
    });
  });
  await page.goto('/');
  const footer = await page.locator('footer').elementHandle();
  const addToCart = await page
    .getByTestId('product-card')
    .first()
    .getByRole('button', { name: /^Add to cart/ })
    .elementHandle();
  // Hydrated, and re-rendered once the session check said this is a visitor (Order Now now leads to login).
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  await expect(page.getByTestId('product-card').first().getByRole('link', { name: 'Order Now' })).toHaveAttribute(
    'href',
    '/login',
  );
  expect(await footer?.evaluate((element) => element.isConnected), 'the footer the server sent is still shown').toBe(true);
  expect(await addToCart?.evaluate((element) => element.isConnected), 'the card’s Add to cart is still shown').toBe(true);

  await becomeIdle(page);
  await expect(
    page
      .getByTestId('product-card')
      .first()
      .getByRole('button', { name: /^Add to cart/ }),
  ).toBeEnabled();
  expect(await addToCart?.evaluate((element) => element.isConnected), 'hydrated in place').toBe(true);
});

test('toasts arrive in a place the server drew for them, so the page beside them is not restyled (R-FIRST-PAINT)', async ({
  page,
}) => {
  await keepBrowserBusy(page);
  await page.goto('/');
  // A new last child of the app's root would change which element is last and restyle the whole page.
  await page.evaluate(() => {
    (window as unknown as { drawn: Element[] }).drawn = [...(document.getElementById('root')?.children ?? [])];
  });
  await becomeIdle(page);
  await expect(page.locator('.Toastify')).toBeAttached();
  const unchanged = await page.evaluate(() => {
    const { drawn } = window as unknown as { drawn: Element[] };
    const now = [...(document.getElementById('root')?.children ?? [])];
    return drawn.length > 0 && now.length === drawn.length && now.every((child, index) => child === drawn[index]);
  });
  const rootChildren = await page.locator('#root > *').evaluateAll((children) => children.map((child) => child.tagName));
  expect(unchanged, `the app's root holds ${rootChildren.join(', ')}`).toBe(true);
});
