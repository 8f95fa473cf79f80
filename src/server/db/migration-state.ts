import { max } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial } from 'drizzle-orm/pg-core';
import { type Database, MIGRATIONS_FOLDER } from './client.ts';

/** drizzle's own record of applied migrations (not part of our schema, so not in schema.ts). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

let newestCommitted: number | undefined;

/**
 * Whether the database holds every migration this code was built with. drizzle records each applied
 * migration's timestamp and applies only those newer than the last one recorded; a database it has
 * never migrated has no record at all.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  newestCommitted ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));
  try {
    const [row] = await db.select({ newest: max(appliedMigrations.createdAt) }).from(appliedMigrations);
    return Number(row?.newest ?? 0) >= newestCommitted;
  } catch {
    return false;
  }
}
