import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '#server/db/client.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

const CACHE_DIR = join(process.cwd(), '.tmp');

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. With CI=true it must be. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  if (process.env.CI === 'true' && !testDatabaseUrl()) {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests cannot be skipped in CI.');
  }
  if (!testDatabaseUrl()) console.warn('TEST_DATABASE_URL is not set: PostgreSQL integration tests are skipped.');
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Race tests run on PostgreSQL only: PGlite has one connection, so it serialises every race away and a
 * broken guard would pass there. Their names end in "needs PostgreSQL)", so a skip says why; with CI=true it throws.
 */
export function withoutPostgres(): boolean {
  return !testDatabaseKinds().includes('postgres');
}

/** Changes whenever a migration changes, so stale snapshots and templates are never reused. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 12);
}

function snapshotPath(): string {
  return join(CACHE_DIR, `pglite-${migrationsHash()}.tar`);
}

function templateName(): string {
  return `storefront_template_${migrationsHash()}`;
}

function adminUrl(database: string): string {
  const url = new URL(testDatabaseUrl() ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

/** Migrates once per migration set: a PGlite snapshot on disk and a PostgreSQL template database. */
export async function prepareTestDatabases(): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  if (!existsSync(snapshotPath())) {
    const handle = openDatabase({ kind: 'pglite' });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const temporary = `${snapshotPath()}.${process.pid}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, snapshotPath());
    await handle.close();
  }
  if (testDatabaseUrl()) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [templateName()]);
      if (exists.rowCount === 0) {
        const building = `${templateName()}_build_${process.pid}`;
        await admin.query(`drop database if exists "${building}"`);
        await admin.query(`create database "${building}"`);
        const handle = openDatabase({ kind: 'postgres', url: adminUrl(building), poolSize: 1 });
        await handle.migrate();
        await handle.close();
        // Another test process may have finished the same template first: theirs is as good.
        await admin.query(`alter database "${building}" rename to "${templateName()}"`).catch(async (error) => {
          await admin.query(`drop database if exists "${building}"`);
          if (!String(error).includes('already exists')) throw error;
        });
      }
    } finally {
      await admin.end();
    }
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** A connection string for PostgreSQL databases, so a second app instance can share it. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database of its own for one test. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const snapshot = new Blob([readFileSync(snapshotPath())]);
    const handle = openDatabase({ kind: 'pglite', snapshot });
    return { handle, drop: () => handle.close() };
  }
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${templateName()}"`);
        break;
      } catch (error) {
        // Two tests copying the template at the same instant collide; the copy itself is quick.
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = adminUrl(name);
  const handle = openDatabase({ kind: 'postgres', url });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testDatabaseUrl() });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`).finally(() => dropper.end());
    },
  };
}
