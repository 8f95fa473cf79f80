import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';
import type { Product } from '#shared/product.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const BANGLA = /[\u0980-\u09FF]/;
const bangla = { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' };

/** R-LANGUAGES: the Bangla pages at their own addresses, the API and the mails in the asker's language. */
describe('Bangla and English', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let product: Product;

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, html: await response.text(), headers: response.headers };
  };

  /** A new customer's order of `quantity` of the first product, asked in Bangla, delivered to `phone`. */
  const orderInBangla = async (quantity: number, phone: string) => {
    const customer = await signUpCustomer(server);
    return call(server, 'POST', '/api/orders', {
      token: customer.token,
      headers: bangla,
      body: { productId: product._id, quantity, shippingAddress: { name: 'রহিম উদ্দিন', address: 'বাড়ি ৫, মিরপুর, ঢাকা', phone } },
    });
  };

  /** The switcher's form as the browser sends it, with the session's cookie when given. */
  const chooseLanguage = (form: string, cookie?: string) =>
    fetch(`${server.url}/language`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: form,
    });

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await signInAdmin(server);
    [product] = (await call<Product[]>(server, 'GET', '/api/home')).body as [Product];
  });
  afterAll(() => server?.stop());

  it('the parcel pages call From and To places in Bangla, not the people sending and receiving (issue 42)', async () => {
    const { html } = await page('/bn/ship');
    expect(html).toMatch(/>কোথা থেকে<\/label>/);
    expect(html).toMatch(/>কোথায়<\/label>/);
    expect(html).not.toMatch(/>(প্রেরক|প্রাপক)<\/label>/);
  });

  it('every public page has a Bangla address, rendered in Bangla on the server, and each names the other', async () => {
    for (const path of [
      '/',
      '/blog',
      '/blog/cash-on-delivery-payouts',
      '/about',
      `/purchase/${product._id}`,
      '/products',
      '/login',
    ]) {
      const bn = await page(path === '/' ? '/bn' : `/bn${path}`);
      expect(bn.status, path).toBe(200);
      expect(bn.html, path).toContain('<html lang="bn"');
      const title = bn.html.match(/<title>(.*?)<\/title>/)?.[1] ?? '';
      const description = bn.html.match(/<meta name="description" content="(.*?)"/)?.[1] ?? '';
      // The home page's title is the shop's name and what it is, in Bangla (issue 42); a product's is its
      // name, which the admin typed in one language.
      if (!path.startsWith('/purchase')) expect(title, path).toMatch(BANGLA);
      if (path === '/') expect(title).toBe('SwiftCargo — বাংলাদেশজুড়ে পার্সেল আর আপনার ব্যবসার প্রযুক্তি');
      expect(description, path).toMatch(path.startsWith('/purchase') ? /./ : BANGLA);
      const english = await page(path);
      expect(english.html, path).toContain('<html lang="en"');
      const bnAddress = `${server.url}${path === '/' ? '/bn' : `/bn${path}`}`;
      const enAddress = `${server.url}${path}`;
      for (const html of [bn.html, english.html]) {
        expect(html, path).toContain(`<link rel="alternate" hreflang="bn" href="${bnAddress}" />`);
        expect(html, path).toContain(`<link rel="alternate" hreflang="en" href="${enAddress}" />`);
        expect(html, path).toContain(`<link rel="alternate" hreflang="x-default" href="${enAddress}" />`);
      }
      expect(bn.html, path).toContain(`<link rel="canonical" href="${bnAddress}" />`);
    }
    const home = await page('/bn');
    expect(home.html).toContain('ফ্রেইট, পার্সেল ডেলিভারি আর প্রযুক্তিপণ্য');
    // Numbers in Bengali digits: the products' stock.
    expect(home.html).toMatch(/মজুত : [০-৯,]+টি/);
  });

  it('the sitemap lists every page in both languages, each with its alternates', async () => {
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.html).toContain(`<loc>${server.url}/bn/about</loc>`);
    expect(sitemap.html).toContain(`<loc>${server.url}/about</loc>`);
    expect(sitemap.html).toContain(`<loc>${server.url}/bn/purchase/${product._id}</loc>`);
    expect(sitemap.html).toContain(`<xhtml:link rel="alternate" hreflang="bn" href="${server.url}/bn/blog"/>`);
    const robots = await page('/robots.txt');
    expect(robots.html).toContain('Disallow: /bn/dashboard');
  });

  it('the API answers its refusals in the Accept-Language it is asked in, codes staying English', async () => {
    const tooLong = 'x'.repeat(LIMITS.searchMaxLength + 1);
    const inBangla = await call(server, 'GET', `/api/products?q=${tooLong}`, { headers: bangla });
    expect(inBangla.status).toBe(400);
    expect(inBangla.body.error.code).toBe('bad_request');
    expect(inBangla.body.error.message).toMatch(BANGLA);
    expect(inBangla.body.error.message).toContain(
      new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(LIMITS.searchMaxLength),
    );
    expect(inBangla.headers.get('content-language')).toBe('bn');
    // The same address asked in English right after: not the Bangla answer again.
    const inEnglish = await call(server, 'GET', `/api/products?q=${tooLong}`);
    expect(inEnglish.body.error.message).toBe(`q must be at most ${LIMITS.searchMaxLength} characters`);

    // A search itself answers in both: the products are the shop's data, the same bytes.
    const found = await call(server, 'GET', `/api/products?q=${encodeURIComponent(product.name.split(' ')[0] ?? '')}`, {
      headers: bangla,
    });
    expect(found.status).toBe(200);

    const missing = await call(server, 'GET', '/api/purchase/3f7a4c2e-1b9d-4e8a-9c6f-2d5b8a1e7c40', { headers: bangla });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: 'পণ্যটি পাওয়া যায়নি: হয়তো দোকান থেকে সরিয়ে নেওয়া হয়েছে।' });

    // Better Auth's own refusals too, where the shop has their words.
    const wrongPassword = await call(server, 'POST', '/api/auth/sign-in/email', {
      headers: bangla,
      body: { email: 'nobody@example.com', password: 'secret1234' },
    });
    expect(wrongPassword.status, JSON.stringify(wrongPassword.body)).toBe(401);
    expect(wrongPassword.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'ইমেইল বা পাসওয়ার্ড ভুল' });

    const unsigned = await call(server, 'GET', '/api/cart', { headers: bangla });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.message).toMatch(BANGLA);

    // A field's message too.
    const tooFew = await orderInBangla(0, '01711000000');
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.error.fields.quantity).toMatch(BANGLA);
  });

  it('a phone typed in Bengali digits is taken and kept in Western digits', async () => {
    const placed = await orderInBangla(product.minQuantity, '০১৭১১০০০০০০');
    expect(placed.status).toBe(201);
    expect(placed.body.shippingAddress.phone).toBe('01711000000');
  });

  it('the switcher keeps the choice in a cookie and on the account, and answers with the same page in that language', async () => {
    const customer = await signUpCustomer(server);
    const switched = await chooseLanguage('locale=bn&path=%2Fblog%3Fq%3Dcash', customer.cookie);
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe('/bn/blog?q=cash');
    expect(switched.headers.get('set-cookie')).toMatch(/^lang=bn; Path=\/; Max-Age=\d+; SameSite=Lax/);
    const [row] = await server.db.select({ locale: user.locale }).from(user).where(eq(user.email, customer.email));
    expect(row?.locale).toBe('bn');

    // Another site's address is never where the switch leads.
    const elsewhere = await chooseLanguage('locale=en&path=%2F%2Fevil.example%2Fx');
    expect(elsewhere.headers.get('location')).toBe('/');
    const unknown = await chooseLanguage('locale=fr&path=%2F');
    expect(unknown.status).toBe(400);

    // With the cookie, an English address leads to the Bangla one, also once the page is kept in memory.
    await page('/about');
    await page('/about');
    const chosen = await page('/about', { cookie: 'lang=bn' });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get('location')).toBe('/bn/about');
    // Without it (a crawler), no redirect whatever the browser's languages.
    expect((await page('/about', bangla)).status).toBe(200);
  });

  it('mails go out in the language the customer signed up in, with links to the pages in it', async () => {
    const email = `bangla-${Date.now()}@example.com`;
    const signedUp = await call(server, 'POST', '/api/auth/sign-up/email', {
      headers: bangla,
      body: { name: 'রহিম উদ্দিন', email, password: 'secret123' },
    });
    expect(signedUp.status).toBe(200);
    const reset = await call(server, 'POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: `${server.url}/reset-password` },
    });
    expect(reset.status).toBe(200);
    const mailbox = (await call(server, 'GET', '/api/mailbox', { token: admin.token })).body as {
      to: string;
      subject: string;
      text: string;
      html: string;
    }[];
    const mine = mailbox.filter((mail) => mail.to === email);
    const welcome = mine.find((mail) => mail.subject.startsWith('SwiftCargo-এ স্বাগতম'));
    expect(welcome?.text).toContain('প্রিয় রহিম উদ্দিন,');
    expect(welcome?.html).toContain('<html lang="bn">');
    const resetMail = mine.find((mail) => mail.subject.startsWith('পাসওয়ার্ড রিসেট করুন'));
    expect(resetMail?.text).toContain(`${server.url}/bn/reset-password?token=`);
  });
});
