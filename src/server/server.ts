import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from './app.ts';
import { ADMIN_DISPLAY_NAME, ensureAdmin } from './auth/admin-account.ts';
import { assertSigningKeyOpens } from './auth/signing-keys.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { openConfiguredDatabase } from './db/configured-database.ts';
import { seedDemoData } from './db/seed.ts';
import { answerEveryRequestOnShutdown } from './http/graceful-shutdown.ts';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  demoDataLoaded: boolean;
  /** Stops accepting, answers every request already received (R-OUTAGE), then closes the app and the database. */
  stop(): Promise<void>;
}

/**
 * Everything `npm start` does after reading the configuration: lock the embedded data directory,
 * migrate, make sure the admin exists, load demo data into an empty database, and listen.
 */
export async function startServer(
  config: Config,
  options: {
    database?: DatabaseHandle;
    webRoot?: string;
    logger?: AppOptions['logger'];
    seed?: boolean;
    payments?: AppOptions['payments'];
    outboxTiming?: AppOptions['outboxTiming'];
    resolveHost?: AppOptions['resolveHost'];
  } = {},
): Promise<RunningServer> {
  const database = options.database ?? openConfiguredDatabase(config);
  let shuttingDown = false;
  try {
    await database.migrate();
    const app = await buildApp({
      config,
      database,
      webRoot: options.webRoot,
      logger: options.logger,
      payments: options.payments,
      outboxTiming: options.outboxTiming,
      resolveHost: options.resolveHost,
      shuttingDown: () => shuttingDown,
    });
    await assertSigningKeyOpens(app.auth, database.db);
    if (config.admin) await ensureAdmin(app.auth, database.db, config.admin);
    const demoDataLoaded =
      options.seed === false
        ? false
        : await seedDemoData(database.db, { email: config.admin?.email ?? 'shop@example.com', name: ADMIN_DISPLAY_NAME });
    if (demoDataLoaded) {
      // Another instance may already be serving the empty shop.
      app.publicReads.catalogueChanged();
      app.publicReads.testimonialsChanged();
    }
    const drain = answerEveryRequestOnShutdown(app.server);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let stopped: Promise<void> | undefined;
    return {
      app,
      url: `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`,
      demoDataLoaded,
      stop() {
        stopped ??= (async () => {
          try {
            shuttingDown = true;
            await drain();
            await app.close();
          } finally {
            await database.close();
          }
        })();
        return stopped;
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
