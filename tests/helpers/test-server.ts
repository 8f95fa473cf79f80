import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { startServer } from '#server/server.ts';
import { capturedLog, type LogLine } from './captured-log.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database.ts';

export const TEST_ADMIN = { email: 'admin@shop.test', password: 'admin1234' } as const;

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: Database;
  config: Config;
  database: TestDatabase;
  /** What the server logged, when started with `logLevel`. */
  log: LogLine[];
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

/**
 * Suites sign up, sign in and order far more often from 127.0.0.1 than one shop visitor would; the
 * throttling tests set the real limits (or lower ones) back through `env`.
 */
export const RELAXED_LIMITS = {
  SIGN_IN_FREE_ATTEMPTS: '1000',
  SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000',
  SIGN_IN_ATTEMPTS_PER_ACCOUNT: '100000',
  SIGN_UPS_PER_ADDRESS: '100000',
  PASSWORD_RESETS_PER_ADDRESS: '100000',
  PHONE_CODES_PER_ADDRESS: '100000',
  PHONE_CODES_PER_NUMBER: '100000',
  REVIEWS_PER_CUSTOMER: '100000',
  ORDERS_PER_CUSTOMER: '100000',
  CARD_ATTEMPTS_PER_ORDER: '100000',
  BOOKINGS_PER_CUSTOMER: '100000',
  TRACKING_LOOKUPS_PER_ADDRESS: '100000',
  PARCELS_PER_SENDER_PER_DAY: '1000000',
  BOOKING_TEXTS_PER_NUMBER_PER_DAY: '100000',
  API_REQUESTS_PER_MERCHANT: '100000',
  RECIPIENT_RECORDS_PER_MERCHANT: '100000',
} as const;

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
  outboxTiming?: AppOptions['outboxTiming'];
  /** How this server resolves merchants' webhook hosts. */
  resolveHost?: AppOptions['resolveHost'];
  /** Keep what the server logs at this level and above in `log` (unset: it logs nothing). */
  logLevel?: 'debug' | 'info' | 'warn';
}

/**
 * Other suites (and other people's runs) share the Redis server: each shop keeps its own keys and
 * channels. Servers on one database are one shop's instances, so they share its prefix and hear each other.
 */
const redisKeyPrefixOf = (database: TestDatabase) =>
  `test-${database.url ? new URL(database.url).pathname.slice(1) : randomUUID()}:`;

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
    REDIS_KEY_PREFIX: redisKeyPrefixOf(database),
    ...RELAXED_LIMITS,
    ...options.env,
  });
  const handle: DatabaseHandle = database.handle;
  // TEST_WEB_ROOT lets parallel work build the web app somewhere of its own.
  const webRoot = process.env.TEST_WEB_ROOT || undefined;
  const log = capturedLog();
  const server = await startServer(config, {
    database: handle,
    seed: options.seed ?? false,
    logger: options.logLevel ? { level: options.logLevel, stream: log.stream } : false,
    webRoot,
    payments: options.payments,
    outboxTiming: options.outboxTiming,
    resolveHost: options.resolveHost,
  });
  let stopped: Promise<void> | undefined;
  return {
    url: server.url,
    app: server.app,
    db: handle.db,
    config,
    database,
    log: log.lines,
    // A test of stopping stops its server itself, and its suite's afterAll again.
    stop() {
      stopped ??= (async () => {
        await server.app.close();
        if (!options.sharedDatabase) await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
