import pg from 'pg';
import { createPostgresCluster, freeClusterPort, ownClusterUnavailable } from './postgres-cluster.ts';
import { testDatabaseUrl } from './test-database.ts';

/** The ports kept for this cluster; the database-outage test keeps 55400–55499 for its own. */
const FIRST_PORT = 55_300;
const OPT_OUT = 'ALLOW_SKIPPED_RACE_TESTS';

/**
 * Vitest global setup, before global-setup.ts: race tests need PostgreSQL (PGlite serialises every race
 * away), and were skipped on every run without TEST_DATABASE_URL, so a green local run left guards
 * untested. Without it (and outside CI, which must set it) this starts a throw-away cluster, points
 * TEST_DATABASE_URL at it for the test workers (Vitest forks them after global setup, with this
 * process's environment) and removes it at teardown. Playwright shares global-setup.ts, not this.
 */
export default async function postgresForRaceTests(): Promise<(() => Promise<void>) | undefined> {
  if (testDatabaseUrl() || process.env.CI === 'true') return undefined;
  const unavailable = ownClusterUnavailable();
  if (unavailable && process.env[OPT_OUT] === '1') {
    console.warn(`\n${OPT_OUT}=1: the race tests ("needs PostgreSQL)") are SKIPPED, their guards untested (${unavailable}).\n`);
    return undefined;
  }
  if (unavailable) {
    throw new Error(
      `The race tests need PostgreSQL: TEST_DATABASE_URL is not set, and no cluster can be started here (${unavailable}). ` +
        `Install PostgreSQL (Debian: apt-get install postgresql), or set TEST_DATABASE_URL=postgres://…, ` +
        `or set ${OPT_OUT}=1 to run without them.`,
    );
  }
  const startedAt = performance.now();
  const cluster = await createPostgresCluster(await freeClusterPort(FIRST_PORT));
  const url = new URL(cluster.url);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database test').finally(() => admin.end());
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  url.pathname = '/test';
  process.env.TEST_DATABASE_URL = url.toString();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `TEST_DATABASE_URL is not set: race tests run on a throw-away PostgreSQL on port ${url.port} (started in ${seconds} s).`,
  );
  // Ctrl-C ends Vitest through process.exit() without its teardowns: the cluster must not outlive it.
  const removeOnExit = () => cluster.destroyNow();
  process.once('exit', removeOnExit);
  return async () => {
    process.off('exit', removeOnExit);
    // Should Vitest run its global setup again (a changed config in watch mode), a new cluster starts.
    delete process.env.TEST_DATABASE_URL;
    await cluster.destroy();
  };
}
