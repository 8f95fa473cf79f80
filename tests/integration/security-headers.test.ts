import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductWithUpload, NEW_PRODUCT, TINY_PNG } from '../helpers/catalog.ts';
import { STRIPE_TEST_ENV } from '../helpers/fake-stripe.ts';
import { call, signInAdmin } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The CSP's directives by name, each with its sources. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers (R-HEADERS)', () => {
  let shop: TestServer;
  let stripeShop: TestServer;
  let httpsShop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
    stripeShop = await startTestServer({ env: STRIPE_TEST_ENV });
    httpsShop = await startTestServer({ env: { PUBLIC_URL: 'https://shop.example.com' } });
  });
  afterAll(async () => {
    await Promise.all([shop?.stop(), stripeShop?.stop(), httpsShop?.stop()]);
  });

  it.each(['/', '/dashboard/makeAdmin', '/api/home', '/api/auth/get-session'])(
    '%s may not be framed, sniffed or leak its path',
    async (path) => {
      const { headers } = await call(shop, 'GET', path);
      const policy = directives(headers.get('content-security-policy'));
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('runs scripts from the shop only, and names Stripe only in Stripe mode', async () => {
    const offline = directives((await call(shop, 'GET', '/')).headers.get('content-security-policy'));
    expect(offline['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(offline['connect-src']).toEqual(["'self'"]);
    expect(offline['frame-src']).toEqual(["'none'"]);
    expect(offline['object-src']).toEqual(["'none'"]);

    const stripe = directives((await call(stripeShop, 'GET', '/')).headers.get('content-security-policy'));
    expect(stripe['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(stripe['frame-src']).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const { headers } = await call(httpsShop, 'GET', '/api/home');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(directives(headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
  });

  it('sandboxes uploaded files', async () => {
    const admin = await signInAdmin(shop);
    const { picture, ...fields } = NEW_PRODUCT;
    const added = await addProductWithUpload(shop, admin, fields, { content: TINY_PNG, name: 'p.png', type: 'image/png' });
    expect(added.status).toBe(201);
    const { status, headers } = await call(shop, 'GET', added.body.picture);
    expect(status).toBe(200);
    const policy = directives(headers.get('content-security-policy'));
    expect(policy.sandbox).toEqual([]);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });
});
