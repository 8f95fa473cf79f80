import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Notifications, postgresNotifications } from './notifications.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle offers the same query API as the database itself. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections open, idle and awaited; PGlite has one connection and no pool. */
  poolUse(): { open: number; idle: number; waiting: number } | undefined;
  /** Only on PostgreSQL: the embedded database has one server, so nobody else to tell. */
  notifications?: Notifications;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works; it only has to be the same for every instance sharing one PostgreSQL. */
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseSource =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** The longest any statement may run on these connections (decision 124); none when unset (scripts, tests). */
      statementTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

export function openDatabase(source: DatabaseSource): DatabaseHandle {
  return source.kind === 'postgres'
    ? openPostgres(source.url, source.poolSize, source.statementTimeoutMs)
    : openPglite(source.dataDir, source.snapshot);
}

/**
 * PGlite runs PostgreSQL inside this process, so its buffers are the server's own memory: initdb's
 * 128 MB of shared buffers doubled its resident size, and 16 MB holds a shop's working set. This text
 * replaces the postgresql.conf initdb writes, so it repeats the rest of what initdb put there.
 */
const PGLITE_SETTINGS = [
  'shared_buffers = 16MB',
  "timezone = 'UTC'",
  "log_timezone = 'UTC'",
  "datestyle = 'iso, mdy'",
  "lc_messages = 'C'",
  "lc_monetary = 'C'",
  "lc_numeric = 'C'",
  "lc_time = 'C'",
  "default_text_search_config = 'pg_catalog.english'",
].join('\n');

function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the catalogue's typo-tolerant search (R-SEARCH); its migration creates the extension.
  // Everything in one options object: `new PGlite(undefined, options)` ignores the options (PGlite 0.5).
  const client = new PGlite({
    dataDir,
    postgresqlconf: PGLITE_SETTINGS,
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    poolUse: () => undefined,
  };
}

function openPostgres(url: string, poolSize = 10, statementTimeoutMs?: number): DatabaseHandle {
  const pool = new TransactionSafePool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // A connection the server ends (a restart, a terminated backend) raises an 'error' that, unheard, would
  // stop the whole process. The pool hears its idle connections only; each connection hears its own here,
  // so one checked out between two statements of a transaction fails that transaction's next statement
  // instead (503, R-OUTAGE; seen in tests/integration/database-outage.test.ts), and is dropped on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL closed a connection: ${error.message}`)));
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several app instances may start together against one database: migrate one at a time.
      const connection = await pool.connect();
      try {
        // A migration may build an index over millions of rows: no statement timeout while it runs.
        await connection.query('set statement_timeout = 0');
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(connection), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await connection.query('reset statement_timeout').catch(() => {});
        connection.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    notifications: postgresNotifications(url, pool),
  };
}

/**
 * drizzle-orm 0.45's `transaction()` on a pool runs its `begin` before the `try` whose `finally` gives the
 * connection back (drizzle-team/drizzle-orm#6023, #6241, #6341, open): when `begin` fails — a pooled
 * connection whose backend died in an outage, handed out before its 'error' arrived — the connection is
 * never released, the pool's place is lost for the life of the process, and `pool.end()` (a SIGTERM's
 * shutdown) waits forever (R-OUTAGE, decision 175). Here a checked-out connection whose first statement
 * fails is released with that error, so the pool drops it, and a second `release()` by the caller that
 * did reach its `finally` is a no-op instead of pg's "Release called on client which has already been
 * released".
 */
class TransactionSafePool extends pg.Pool {
  // pg's own overloads: a callback, or a promise; drizzle and this module use the promise.
  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's connect has a callback overload with its own types
  override connect(...callback: any[]): any {
    if (callback.length > 0) return super.connect(...(callback as [never]));
    return super.connect().then(releasedIfFirstStatementFails);
  }
}

function releasedIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  const query = client.query;
  const release = client.release;
  let releasedHere = false;
  // The pool gives each checkout its own release; the statement's watch ends with the checkout too.
  client.release = (error?: Error | boolean) => {
    client.query = query;
    if (!releasedHere) release.call(client, error);
  };
  client.query = ((...args: Parameters<typeof query>) => {
    client.query = query;
    const answer = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((error: Error) => {
      releasedHere = true;
      release.call(client, error);
      throw error;
    });
  }) as typeof query;
  return client;
}
