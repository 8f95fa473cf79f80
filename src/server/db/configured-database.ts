import type { Config } from '../config.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { copyEmptyDatabaseInto } from './pglite-snapshot.ts';

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set, else the embedded one
 * in DATA_DIR, which is locked first so no second process can open it (and started as a copy of the build's
 * migrated empty database when it is new). Closing also unlocks.
 */
export function openConfiguredDatabase(config: Config): DatabaseHandle {
  if (config.databaseUrl) {
    const { poolSize, statementTimeoutMs } = config.database;
    return openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize, statementTimeoutMs });
  }
  const lock = lockDataDir(config.dataDir);
  copyEmptyDatabaseInto(config.dataDir);
  const database = openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}
