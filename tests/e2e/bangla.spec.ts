import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema.ts';
import { call, signInAdmin } from '../helpers/shop-client.ts';
import { expect, test } from './fixtures.ts';
import { signInBrowser } from './sign-in.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/**
 * R-LANGUAGES: a customer switches the shop to Bangla on the home page, browses, signs up, orders with
 * a phone typed in Bengali digits, pays, and the order's mail reaches them in Bangla (read by an admin
 * in the Mailbox, as a shop without SMTP keeps it).
 */
test('in Bangla from the home page to the Bangla order mail: switch, browse, sign up, order with a Bengali-digit phone, pay', async ({
  page,
  server,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByRole('button', { name: 'বাংলা' }).click();

  // The same page, rendered in Bangla by the server at its own address.
  await expect(page).toHaveURL(/\/bn$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ফ্রেইট, পার্সেল ডেলিভারি আর প্রযুক্তিপণ্য/);
  // Prices and stock in Bengali digits.
  await expect(page.getByText(/^মজুত : [০-৯,]+টি$/).first()).toBeVisible();

  // Browse: the catalogue, then a product, every link keeping the language.
  await page.getByRole('link', { name: 'সব পণ্য দেখুন' }).click();
  await expect(page).toHaveURL(/\/bn\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'পণ্য' })).toBeVisible();
  const [product] = (await call<{ _id: string; name: string; minQuantity: number }[]>(server, 'GET', '/api/home')).body;
  if (!product) throw new Error('no demo product');
  await page.goto(`/bn/purchase/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The quantity in Bengali digits, as a Bangla keyboard types it.
  await page
    .getByLabel('পরিমাণ', { exact: true })
    .fill(String(product.minQuantity).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)] ?? digit));
  await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
  await expect(page).toHaveURL(/\/bn\/login$/);

  // Sign up in Bangla: the form's own words, and a refused field said in Bangla.
  await page.getByRole('link', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  await expect(page).toHaveURL(/\/bn\/signup$/);
  const email = `bangla-${Date.now()}@example.com`;
  await page.getByLabel('নাম', { exact: true }).fill('রহিম উদ্দিন');
  await page.getByLabel('ইমেইল', { exact: true }).fill('not an email');
  await page.getByRole('button', { name: 'সাইন আপ' }).click();
  await expect(page.getByText('একটি সঠিক ইমেইল দিন')).toBeVisible();
  await page.getByLabel('ইমেইল', { exact: true }).fill(email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('secret123');
  await page.getByLabel('পাসওয়ার্ড নিশ্চিত করুন', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'সাইন আপ' }).click();
  await expect(page).toHaveURL(new RegExp(`/bn/purchase/${product._id}$`));

  // Order with the delivery details, the phone typed in Bengali digits.
  await page.getByLabel('নাম', { exact: true }).fill('রহিম উদ্দিন');
  await page.getByLabel('ফোন', { exact: true }).fill('০১৭১১০০০০০০');
  await page.getByLabel('ঠিকানা', { exact: true }).fill('বাড়ি ৫, সড়ক ২, মিরপুর, ঢাকা');
  await page.getByLabel('পরিমাণ', { exact: true }).fill(String(product.minQuantity));
  await page.getByRole('button', { name: 'এখনই কিনুন' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'নিশ্চিত করতে দাম পরিশোধ করুন' })).toBeVisible();
  await page.getByRole('link', { name: 'এখনই পরিশোধ করুন' }).click();
  await expect(page).toHaveURL(/\/bn\/dashboard\/payment\//);

  // The phone was stored in Western digits.
  const [placed] = await server.db.select().from(orders).where(eq(orders.email, email));
  expect(placed?.shippingPhone).toBe('01711000000');

  // Pay with the test card, in Bangla.
  const main = page.getByRole('main');
  await main.getByLabel('কার্ড নম্বর', { exact: true }).pressSequentially('4242424242424242');
  await main.getByLabel('মেয়াদ', { exact: true }).pressSequentially(`12${nextYear}`);
  await main.getByLabel('CVC', { exact: true }).fill('123');
  await main.getByRole('button', { name: 'এখনই পরিশোধ করুন' }).click();
  await expect(main.getByText('অভিনন্দন, পেমেন্ট সম্পন্ন হয়েছে')).toBeVisible();

  // The mails went out in the customer's language: the admin reads them in the Mailbox.
  const admin = await signInAdmin(server);
  const adminPage = await page.context().browser()?.newPage({ baseURL: server.url });
  if (!adminPage) throw new Error('no second page');
  await signInBrowser(adminPage, server, admin);
  await adminPage.goto('/dashboard/mailbox');
  const receipt = adminPage
    .getByRole('listitem')
    .filter({ hasText: `To: ${email}` })
    .filter({ hasText: 'পেমেন্টের রসিদ' });
  await expect(receipt).toBeVisible({ timeout: 10_000 });
  await receipt.getByRole('button', { name: 'Read' }).click();
  await expect(receipt.frameLocator('iframe').getByText('প্রিয় রহিম উদ্দিন,')).toBeVisible();
  await expect(receipt.frameLocator('iframe').getByText('আপনার পেমেন্ট পেয়েছি। আপনার অর্ডার নিশ্চিত হয়েছে।')).toBeVisible();
  await adminPage.close();
});

test('the switcher keeps the choice: English addresses lead to Bangla ones until English is chosen again', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('banner').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page).toHaveURL(/\/bn\/blog$/);
  await page.goto('/about');
  await expect(page).toHaveURL(/\/bn\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/blog');
  await expect(page).toHaveURL(/\/blog$/);
});

test('a first visit from a Bangla browser is offered the Bangla page, not sent there', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'bn-BD' });
  const page = await context.newPage();
  const answer = await page.goto('/about');
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const offer = page.getByRole('complementary', { name: 'ভাষা' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page).toHaveURL(/\/bn\/about$/);
  await context.close();
});
