import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.ts';

/**
 * A migrated, empty embedded database, made by the build (scripts/build-if-stale.mjs). Creating a
 * PostgreSQL cluster (initdb) was most of a first start; copying this one takes a fraction of that.
 * It holds no account and no data: the admin and the demo catalogue depend on the configuration.
 */
export const EMPTY_DATABASE = fileURLToPath(new URL('../../../dist/database/pglite', import.meta.url));

/**
 * Starts a new embedded database in DATA_DIR as a copy of the build's, when DATA_DIR holds none yet.
 * Migrations still run when it opens, so a copy older than the newest migration is only slower, never
 * wrong; without a build's copy PGlite creates the database itself.
 */
export function copyEmptyDatabaseInto(dataDir: string, emptyDatabase = EMPTY_DATABASE): void {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(join(emptyDatabase, 'PG_VERSION'))) return;
  cpSync(emptyDatabase, dataDir, { recursive: true });
}

export async function buildEmptyDatabase(target = EMPTY_DATABASE): Promise<void> {
  // Built aside and renamed, so a start never copies half a database.
  const building = `${target}.${process.pid}`;
  mkdirSync(dirname(target), { recursive: true });
  rmSync(building, { recursive: true, force: true });
  const database = openDatabase({ kind: 'pglite', dataDir: building });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  readableByAll(building);
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
}

/**
 * The copy is made by whoever runs the shop, who need not be who built it (a container's or a service's
 * own user, decision 86), and PGlite leaves some files readable by their owner alone. It holds no data.
 */
function readableByAll(root: string): void {
  for (const name of readdirSync(root, { recursive: true }).map(String)) {
    const path = join(root, name);
    const stats = statSync(path);
    chmodSync(path, stats.mode | 0o444 | (stats.isDirectory() ? 0o111 : 0));
  }
}
