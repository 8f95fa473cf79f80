import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { captureBaseline, type DatabaseBaseline } from '../helpers/database-baseline.ts';
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

interface WorkerFixtures {
  /** The worker's server with the default options, started on first use. */
  sharedServer: () => Promise<{ server: TestServer; baseline: DatabaseBaseline }>;
}

const DEFAULT_SERVER_OPTIONS: TestServerOptions = { seed: true };

/**
 * Every test starts on the database a freshly started server has (migrated, admin, demo data) and
 * its own browser context; the page's baseURL points at the server. Starting a server costs seconds,
 * so tests with the default options share one per worker and get its database restored to that
 * starting state first; tests that change the server's options or replace `server` get their own.
 * What a server keeps in memory (the sign-in throttle's counts) does carry over within a worker, so
 * a test that needs it empty asks for its own server through `serverOptions`.
 */
export const test = base.extend<E2EFixtures, WorkerFixtures>({
  sharedServer: [
    async ({}, use) => {
      let started: Promise<{ server: TestServer; baseline: DatabaseBaseline }> | undefined;
      await use(() => {
        started ??= startTestServer(DEFAULT_SERVER_OPTIONS).then(async (server) => {
          // The token signing key goes into the baseline: a key made after it would vanish on restore, and
          // the server reloads its key set for an unknown key id only every 30 seconds.
          await server.app.auth.api.getJwks();
          return { server, baseline: await captureBaseline(server.db) };
        });
        return started;
      });
      // A server that failed to start has already failed the test that asked for it.
      const running = await started?.catch(() => undefined);
      await running?.server.stop();
    },
    { scope: 'worker' },
  ],
  serverOptions: [DEFAULT_SERVER_OPTIONS, { option: true }],
  server: async ({ serverOptions, sharedServer }, use) => {
    if (isDeepStrictEqual(serverOptions, DEFAULT_SERVER_OPTIONS)) {
      const { server, baseline } = await sharedServer();
      await baseline.restore();
      // Restoring rows behind the app's back changes what the public reads show.
      server.app.publicReads.catalogueChanged();
      server.app.publicReads.testimonialsChanged();
      server.app.publicReads.categoriesChanged();
      await use(server);
      return;
    }
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
