import { mkdirSync } from 'node:fs';
import { MESSAGES } from '#shared/messages.ts';
import { truncateWithEllipsis } from '#shared/text.ts';
import { ARTICLES, articleText } from '#web/features/marketing/blog/articles.ts';
import { CAROUSEL, DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';
import { TINY_PNG } from '../helpers/catalog.ts';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { expect, type Page, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const SLIDE_TITLES = ['Our Dream Laptop', 'Next Generation level Up', 'High Quality Gaming Experience'] as const;
const COUNTER_VALUES = ['1251', '8512', '586', '85411'];
const GRID_COLUMNS = { 375: 1, 768: 2, 1280: 4 } as const;
const SCREENSHOT_DIR = 'test-results/screenshots';

interface ListedReview {
  reviewName: string;
  reviewDescription: string;
}

const slideHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
const activeSlideTitle = (page: Page) => page.locator('[data-testid="hero-slide"].swiper-slide-active h2');

function nextTitle(title: string, step = 1): string {
  const index = SLIDE_TITLES.indexOf(title as (typeof SLIDE_TITLES)[number]);
  return SLIDE_TITLES[(index + step + SLIDE_TITLES.length) % SLIDE_TITLES.length] ?? '';
}

/** Scrolls down the whole page so every animation that waits to be seen has run. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
}

/** How many columns a set of cards forms: the distinct left edges of the first row. */
async function columnsOf(page: Page, testId: string): Promise<number> {
  const boxes = await page.getByTestId(testId).evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect()));
  const firstRowTop = Math.min(...boxes.map((box) => box.top));
  return new Set(boxes.filter((box) => Math.abs(box.top - firstRowTop) < 2).map((box) => Math.round(box.left))).size;
}

for (const width of [375, 768, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the hero carousel shows the three slides, advances by itself, by the arrows, and keeps going after a click', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('SwiftCargo — parcels across Bangladesh and tech for your shop');
      for (const title of SLIDE_TITLES) await expect(slideHeading(page, title)).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'DISCOVER' })).toHaveCount(3);

      // By itself: each title comes into view in turn, 2.5 s apart.
      await expect(slideHeading(page, SLIDE_TITLES[0])).toBeInViewport({ ratio: 0.9 });
      await expect(slideHeading(page, SLIDE_TITLES[1])).toBeInViewport({ ratio: 0.9 });
      await expect(slideHeading(page, SLIDE_TITLES[2])).toBeInViewport({ ratio: 0.9 });

      // A click on an arrow does not stop the autoplay.
      await page.waitForTimeout(CAROUSEL.transitionMs + 100);
      await page.getByRole('button', { name: 'Next slide' }).click();
      await page.waitForTimeout(CAROUSEL.transitionMs + 100);
      const afterClick = (await activeSlideTitle(page).textContent()) ?? '';
      await expect(activeSlideTitle(page)).not.toHaveText(afterClick, { timeout: 4000 });

      // Paused, only the arrows move it, forwards and back. Swiper ignores a click while a slide is moving.
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.waitForTimeout(CAROUSEL.transitionMs + 100);
      const paused = (await activeSlideTitle(page).textContent()) ?? '';
      for (const [arrow, expected] of [
        ['Next slide', nextTitle(paused)],
        ['Previous slide', paused],
        ['Previous slide', nextTitle(paused, -1)],
      ] as const) {
        await page.getByRole('button', { name: arrow }).click();
        await expect(activeSlideTitle(page)).toHaveText(expected);
        await expect(slideHeading(page, expected)).toBeInViewport({ ratio: 0.9 });
        await page.waitForTimeout(CAROUSEL.transitionMs + 100);
      }
      await page.waitForTimeout(CAROUSEL.autoplayDelayMs);
      await expect(activeSlideTitle(page)).toHaveText(nextTitle(paused, -1));

      await page.getByRole('button', { name: 'Play slideshow' }).click();
      await expect(activeSlideTitle(page)).toHaveText(paused, { timeout: 4000 });
    });

    test('the home page: tagline, a grid of the right width, counters that count up, paged testimonials', async ({
      page,
      server,
    }, testInfo) => {
      const reviews = (await call<ListedReview[]>(server, 'GET', '/api/review')).body;
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'OUR PRODUCTS' })).toBeVisible();
      const tagline = page.getByTestId('animated-tagline');
      await expect(
        page.getByText('Your Business Grow & Successful', { exact: true }).and(page.locator('.sr-only')),
      ).toBeAttached();
      await tagline.scrollIntoViewIfNeeded();
      await expect(tagline).toHaveText('Your Business Grow & Successful');
      await expect(tagline.locator('span span').last()).toHaveCSS('opacity', '1');

      const cards = page.getByTestId('product-card');
      await expect(cards).toHaveCount(DISPLAY_LIMITS.homeGridSize);
      expect(await columnsOf(page, 'product-card')).toBe(GRID_COLUMNS[width]);

      const counters = page.getByTestId('counter-value');
      await expect(counters.first()).toHaveText('0');
      await page.getByTestId('counters').scrollIntoViewIfNeeded();
      await expect(counters).toHaveText(COUNTER_VALUES);

      const testimonials = page.getByTestId('testimonial');
      const names = page.getByTestId('testimonial-name');
      await expect(testimonials).toHaveCount(DISPLAY_LIMITS.testimonialsPageSize);
      await expect(names).toHaveText(reviews.slice(0, 3).map((review) => review.reviewName));
      const pages = page.getByRole('navigation', { name: 'Review pages' });
      await expect(pages.getByRole('button')).toHaveText(['1', '2', '3']);
      await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      await pages.getByRole('button', { name: 'Page 2' }).click();
      await expect(names).toHaveText(reviews.slice(3, 6).map((review) => review.reviewName));
      await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await pages.getByRole('button', { name: 'Page 3' }).click();
      await expect(names).toHaveText(reviews.slice(6, 9).map((review) => review.reviewName));
      await pages.getByRole('button', { name: 'Page 1' }).click();
      await expect(names).toHaveText(reviews.slice(0, 3).map((review) => review.reviewName));
      await expect(testimonials.first().getByRole('img', { name: /^[1-5] out of 5 stars$/ })).toBeVisible();

      // Let every in-view animation run, then keep a picture of the whole page.
      await scrollThrough(page);
      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(800);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const shot = await page.screenshot({ path: `${SCREENSHOT_DIR}/home-${width}.png`, fullPage: true });
      await testInfo.attach(`home-${width}.png`, { body: shot, contentType: 'image/png' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('the blog: four 160-character excerpts, search and archive filter them, Read More opens the article', async ({
      page,
    }) => {
      await page.goto('/blog');
      await expect(page).toHaveTitle('Blog — SwiftCargo');
      const excerpts = page.getByTestId('blog-excerpt');
      await expect(excerpts).toHaveText(
        ARTICLES.map((article) => truncateWithEllipsis(articleText(article), DISPLAY_LIMITS.blogExcerptLength)),
      );
      for (const text of await excerpts.allTextContents()) {
        expect(text).toHaveLength(DISPLAY_LIMITS.blogExcerptLength + 3);
        expect(text.endsWith('...')).toBe(true);
      }
      const articles = page.getByTestId('blog-article');
      await expect(articles.getByText('Leave a comment')).toHaveCount(4);
      await expect(articles.locator('time')).toHaveText([
        'October 9, 2026',
        'September 22, 2026',
        'September 3, 2026',
        'August 14, 2026',
      ]);

      const search = page.getByLabel('Search articles');
      await search.pressSequentially('ocea');
      await expect(articles.getByRole('heading')).toHaveText(['Road, air or ocean: choosing the right freight for your goods']);
      await search.fill('bubble wrap');
      await expect(articles.getByRole('heading')).toHaveText(['How to pack electronics so they arrive in one piece']);
      await search.fill('teleporter');
      await expect(articles).toHaveCount(0);
      await expect(page.getByText('No article matches your search.')).toBeVisible();
      await search.fill('');
      await expect(articles).toHaveCount(4);

      const archive = page.getByLabel('Archive');
      await archive.selectOption({ label: 'September 2026' });
      await expect(articles.locator('time')).toHaveText(['September 22, 2026', 'September 3, 2026']);
      await archive.selectOption({ label: 'All months' });
      await expect(articles).toHaveCount(4);

      const first = ARTICLES[0];
      await articles
        .first()
        .getByRole('link', { name: /^Read More/ })
        .click();
      await expect(page).toHaveURL(`/blog/${first?.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first?.title ?? '');
      await expect(page).toHaveTitle(`${first?.title} — SwiftCargo`);
      for (const paragraph of first?.paragraphs ?? []) await expect(page.getByText(paragraph)).toBeVisible();
      await page.getByRole('link', { name: 'Back to the blog' }).click();
      await expect(page).toHaveURL('/blog');

      await page.goto('/blog/no-such-article');
      await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to the blog' }).click();
      await expect(excerpts).toHaveCount(4);
    });

    test('the about page info tabs: one open at a time, with the mouse and with the keyboard', async ({ page }) => {
      await page.goto('/about');
      await expect(page).toHaveTitle('About — SwiftCargo');
      await expect(page.getByText(/Educational background: CSE/)).toBeVisible();
      const tablist = page.getByRole('tablist');
      const tabs = tablist.getByRole('tab');
      await expect(tabs).toHaveText(['GENERAL INFORMATION', 'BACKGROUND', 'OUR CLIENTS']);
      const selected = tablist.getByRole('tab', { selected: true });
      const panel = page.getByRole('tabpanel');
      await expect(selected).toHaveText('GENERAL INFORMATION');
      await expect(panel).toHaveCount(1);
      await expect(panel).toContainText('delivers to all 64 districts');

      await tabs.nth(1).click();
      await expect(selected).toHaveText('BACKGROUND');
      await expect(panel).toHaveCount(1);
      await expect(panel).toContainText('We started in 2019');

      await tabs.nth(1).focus();
      await page.keyboard.press('ArrowRight');
      await expect(selected).toHaveText('OUR CLIENTS');
      await expect(selected).toBeFocused();
      await expect(panel).toContainText('Our clients range from');
      await page.keyboard.press('ArrowRight');
      await expect(selected).toHaveText('GENERAL INFORMATION');
      await page.keyboard.press('ArrowLeft');
      await expect(selected).toHaveText('OUR CLIENTS');
      await page.keyboard.press('Home');
      await expect(selected).toHaveText('GENERAL INFORMATION');
      await page.keyboard.press('End');
      await expect(selected).toHaveText('OUR CLIENTS');
      await page.keyboard.press('Tab');
      await expect(panel).toBeFocused();
    });

    test('an unknown path shows the 404 page', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: MESSAGES.pageNotFound })).toBeVisible();
      await expect(page).toHaveTitle(`${MESSAGES.pageNotFound} — SwiftCargo`);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page.getByRole('heading', { name: 'OUR PRODUCTS' })).toBeVisible();
    });
  });
}

test('Add a Review: the spec messages, then the new review leads the testimonials, as plain text, without a reload', async ({
  page,
  server,
}) => {
  const customer = await signUpCustomer(server, { name: 'Nadia Karim' });
  await signInBrowser(page, server, customer);
  await page.goto('/dashboard/review');
  await expect(page).toHaveTitle('Add a Review — SwiftCargo');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nadia Karim');
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Rating', { exact: true }).locator('option')).toHaveText([
    '5 stars',
    '4 stars',
    '3 stars',
    '2 stars',
    '1 star',
  ]);

  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText(MESSAGES.reviewFieldRequired)).toHaveCount(2);
  await expect(page.getByLabel(/^Photo/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Description', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  const markup = '<b>Fast</b> & careful <img src=x onerror="alert(1)">';
  await page.getByLabel(/^Photo/).setInputFiles({ name: 'nadia.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByLabel('Rating', { exact: true }).selectOption('4');
  await page.getByLabel('Description', { exact: true }).fill(markup);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText(MESSAGES.reviewAdded)).toBeVisible();
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('');

  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const first = page.getByTestId('testimonial').first();
  await expect(first.getByTestId('testimonial-name')).toHaveText('Nadia Karim');
  await expect(first.getByTestId('testimonial-text')).toHaveText(markup);
  await expect(first.locator('b')).toHaveCount(0);
  await expect(first.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(first.getByRole('img', { name: 'Portrait of Nadia Karim' })).toHaveAttribute(
    'src',
    /^\/uploads\/[0-9a-f-]{36}\.webp$/,
  );
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a reviewer photo that cannot load is replaced by initials', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { name: 'Omar Faruk' });
  const posted = await call(server, 'POST', '/api/review', {
    token: customer.token,
    body: { reviewPhoto: `${server.url}/images/people/nobody-here.png`, reviewRating: 5, reviewDescription: 'Quick and kind.' },
  });
  expect(posted.status).toBe(201);
  // The testimonials hydrate once the browser is idle; until then a session answer can re-render them.
  await page.goto('/', { waitUntil: 'networkidle' });
  const first = page.getByTestId('testimonial').first();
  await expect(first).toBeVisible();
  await page.getByTestId('testimonials').scrollIntoViewIfNeeded();
  await expect(first.getByTestId('testimonial-name')).toHaveText('Omar Faruk');
  await expect(first.getByTestId('reviewer-initials')).toHaveText('OF');
  await expect(first.getByRole('img', { name: /Omar Faruk/ })).toHaveCount(0);
  await expect(
    page
      .getByTestId('testimonial')
      .nth(1)
      .getByRole('img', { name: /^Portrait of / }),
  ).toBeVisible();
});

test('a reviewer photo on another host is never fetched by visitors: initials instead (R-REVIEW)', async ({ page, server }) => {
  const customer = await signUpCustomer(server, { name: 'Lena Brandt' });
  const posted = await call(server, 'POST', '/api/review', {
    token: customer.token,
    body: { reviewPhoto: 'https://photos.example.com/lena.jpg', reviewRating: 4, reviewDescription: 'On time, every time.' },
  });
  expect(posted.status).toBe(201);
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByTestId('testimonials').scrollIntoViewIfNeeded();
  const first = page.getByTestId('testimonial').first();
  await expect(first.getByTestId('testimonial-name')).toHaveText('Lena Brandt');
  await expect(first.getByTestId('reviewer-initials')).toHaveText('LB');
  // The fixture fails the test if the page asked photos.example.com for anything.
});

test('when reviews or products cannot be loaded the page says so, and Try again loads them', async ({ page }) => {
  let failing = true;
  await page.route(/\/api\/(review|home)(\?.*)?$/, (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"x","message":"down"}}' })
      : route.fallback(),
  );
  // The home page's HTML comes with its products and reviews (R-SSR); the browser fetches them itself
  // when the visitor comes from another page.
  await page.goto('/blog');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByText('We could not load the reviews.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('We could not load the products.', { exact: false })).toBeVisible({ timeout: 15_000 });
  failing = false;
  for (const what of ['the reviews', 'the products']) {
    await page.getByRole('alert').filter({ hasText: what }).getByRole('button', { name: 'Try again' }).click();
  }
  await expect(page.getByTestId('testimonial')).toHaveCount(DISPLAY_LIMITS.testimonialsPageSize);
  await expect(page.getByTestId('product-card')).toHaveCount(DISPLAY_LIMITS.homeGridSize);
});

test('service cards open their details with Read More', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('service-card').filter({ hasText: 'Ocean Freight' });
  const readMore = card.getByRole('button', { name: /^Read More/ });
  await expect(readMore).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByText('customs clearance')).toBeHidden();
  await readMore.click();
  await expect(card.getByRole('button', { name: /^Show less/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText(/customs clearance/)).toBeVisible();
  // Issue 28: the button books a parcel, and each card leads to its price or quote.
  await expect(page.getByRole('link', { name: 'Book a Transport Now' })).toHaveAttribute('href', '/ship');
  await expect(card.getByRole('link', { name: 'Get a quote for Ocean Freight' })).toHaveAttribute('href', '/freight?mode=ocean');
  await expect(page.getByText('1.5% COD charge', { exact: false }).first()).toBeAttached();
  for (const figure of ['64', '490+', '4 working days', '1.5%', 'Every Tuesday']) {
    await expect(page.getByText(figure, { exact: true }).first()).toBeAttached();
  }
});

test('the footer: company and legal links lead somewhere real, and the newsletter thanks without sending anything', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') posts.push(request.url());
  });
  await page.goto('/blog');
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'About us',
    'Our services',
    'Blog',
    'Contact',
    'Terms of Use',
    'Legal Disclaimer',
    'Privacy Policy',
    'Support',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/about#privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 3 })).toBeInViewport();

  const email = footer.getByLabel('Your email address');
  await email.fill('not-an-email');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('reader@example.com');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toContainText('Thank you for your interest!');
  await expect(email).toHaveValue('');
  expect(posts).toEqual([]);
});

test('images ship with the app: sizes and alt text on every one, hero in WebP, the rest below the fold load lazily', async ({
  page,
}) => {
  // The slider's other slides arrive once the app has loaded after the first paint and the browser is idle.
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('product-card')).toHaveCount(DISPLAY_LIMITS.homeGridSize);
  await expect(page.getByTestId('testimonial')).toHaveCount(DISPLAY_LIMITS.testimonialsPageSize);
  // Waited for, not read once: the idle callback that adds them may come after the network is quiet.
  await expect(page.locator('img[src^="/images/hero/"]')).toHaveCount(3);
  const images = await page.locator('img').evaluateAll((elements) =>
    elements.map((element) => {
      const image = element as HTMLImageElement;
      return {
        src: image.getAttribute('src') ?? '',
        alt: image.getAttribute('alt'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        belowFold: image.getBoundingClientRect().top > window.innerHeight,
      };
    }),
  );
  expect(images.length).toBeGreaterThan(15);
  for (const image of images) {
    expect(image.alt, image.src).not.toBeNull();
    expect(image.width, image.src).toMatch(/^\d+$/);
    expect(image.height, image.src).toMatch(/^\d+$/);
    if (image.belowFold) expect(image.loading, image.src).toBe('lazy');
  }
  const hero = images.filter((image) => image.src.startsWith('/images/hero/'));
  expect(hero).toHaveLength(3);
  for (const image of hero) expect(image.src).toMatch(/\.webp$/);
});
