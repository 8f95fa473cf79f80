import { existsSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server.ts';

if (!existsSync('/usr/bin/chromium')) {
  throw new Error('Debian chromium is missing at /usr/bin/chromium: apt-get install chromium');
}

export interface E2EFixtures {
  serverOptions: TestServerOptions;
  server: TestServer;
  /** Origins besides the shop's that a test's pages may reach (a stand-in identity provider, say). */
  allowedOrigins: string[];
}

/** Every test gets its own server and database; the page's baseURL points at it. */
export const test = base.extend<E2EFixtures>({
  serverOptions: [{ seed: true }, { option: true }],
  server: async ({ serverOptions }, use) => {
    const server = await startTestServer(serverOptions);
    await use(server);
    await server.stop();
  },
  allowedOrigins: async ({}, use) => {
    await use([]);
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  page: async ({ page, server, allowedOrigins }, use) => {
    // No request may leave the shop's own origin: no CDN, font or analytics call.
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      const allowed = [server.url, 'data:', 'blob:', ...allowedOrigins];
      if (!allowed.some((origin) => url.startsWith(origin))) foreign.push(url);
    });
    await use(page);
    expect(foreign, 'requests that left the shop origin').toEqual([]);
  },
});

export { expect, type Page };
