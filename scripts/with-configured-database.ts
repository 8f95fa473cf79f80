import { type Config, loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { openConfiguredDatabase } from '#server/db/configured-database.ts';

/**
 * Runs a command-line script's work on the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR), migrated first and closed after, and ends the process with the work's exit code; a failure
 * prints its message and exits 1.
 */
export function runWithConfiguredDatabase(work: (database: DatabaseHandle, config: Config) => Promise<number>): void {
  const run = async () => {
    const config = loadConfig();
    const database = openConfiguredDatabase(config);
    try {
      await database.migrate();
      return await work(database, config);
    } finally {
      await database.close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
