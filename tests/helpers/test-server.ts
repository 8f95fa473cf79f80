import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { startServer } from '#server/server.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database.ts';

export const TEST_ADMIN = { email: 'admin@shop.test', password: 'admin1234' } as const;

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: Database;
  config: Config;
  database: TestDatabase;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface TestServerOptions {
  kind?: TestDatabaseKind;
  /** Load the demo catalogue and reviews. */
  seed?: boolean;
  env?: Record<string, string>;
  /** Share another server's database (a second app instance on one PostgreSQL). */
  sharedDatabase?: TestDatabase;
  /** Where the payment processors are reached (a local stand-in for the Stripe API). */
  payments?: AppOptions['payments'];
  /** How often this server's mail worker reads the outbox and how its retries back off. */
  mailTiming?: AppOptions['mailTiming'];
}

/** A real server on a free loopback port, with a database of its own and a data directory of its own. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const database = options.sharedDatabase ?? (await createTestDatabase(options.kind ?? 'pglite'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const handle: DatabaseHandle = database.handle;
  // TEST_WEB_ROOT lets parallel work build the web app somewhere of its own.
  const webRoot = process.env.TEST_WEB_ROOT || undefined;
  const server = await startServer(config, {
    database: handle,
    seed: options.seed ?? false,
    logger: false,
    webRoot,
    payments: options.payments,
    mailTiming: options.mailTiming,
  });
  return {
    url: server.url,
    app: server.app,
    db: handle.db,
    config,
    database,
    async stop() {
      await server.app.close();
      if (!options.sharedDatabase) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
