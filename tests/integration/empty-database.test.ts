import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { migrationsApplied } from '#server/db/migration-state.ts';
import { buildEmptyDatabase, copyEmptyDatabaseInto } from '#server/db/pglite-snapshot.ts';
import { products } from '#server/db/schema.ts';

describe('a new DATA_DIR started as a copy of the build’s empty database', () => {
  const root = mkdtempSync(join(tmpdir(), 'storefront-empty-database-'));
  const emptyDatabase = join(root, 'built');
  const dataDir = join(root, 'data');

  beforeAll(async () => {
    await buildEmptyDatabase(emptyDatabase);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('holds every migration and no rows, and keeps what is written to it', async () => {
    copyEmptyDatabaseInto(dataDir, emptyDatabase);
    const database = openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await migrationsApplied(database.db)).toBe(true);
      expect(await database.db.$count(products)).toBe(0);
      await database.db.execute(sql`insert into products (name, price_cents, description, min_quantity, max_quantity,
        available_quantity, picture, owner_email, owner_name) values ('Kept', 100, 'x', 1, 1, 1, 'https://x.test/p.png', 'a@b.co', 'A')`);
    } finally {
      await database.close();
    }
  });

  it('can be copied by a user other than the one who built it', () => {
    const unreadable = readdirSync(emptyDatabase, { recursive: true })
      .map(String)
      .filter((name) => (statSync(join(emptyDatabase, name)).mode & 0o004) === 0);
    expect(unreadable).toEqual([]);
  });

  it('never replaces a database DATA_DIR already holds', async () => {
    copyEmptyDatabaseInto(dataDir, emptyDatabase);
    const database = openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await database.db.$count(products)).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('leaves PGlite to create the database when the build made none', () => {
    const elsewhere = join(root, 'without-build');
    copyEmptyDatabaseInto(elsewhere, join(root, 'no-such-build'));
    expect(existsSync(join(elsewhere, 'PG_VERSION'))).toBe(false);
  });
});
