// Reads the configuration once, starts the server, says where it is, and stops it cleanly on a signal.
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { startServer } from './server.ts';
import { flushTraces } from './tracing/tracing.ts';

/** Past the drain's own 15 s limit (graceful-shutdown.ts), with room for the pools and the traces. */
const SHUTDOWN_LIMIT_MS = 30_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  // The first page the server renders compiles the renderer's code paths, which held the first visitors
  // (and a shutdown that came right then) for a second or more; the home page takes that cost before
  // anyone is told the shop is ready.
  await server.app.inject({ method: 'GET', url: '/' });
  const lines = [
    `${config.shopName} is ready on ${config.publicUrl === `http://localhost:${config.port}` ? server.url.replace('127.0.0.1', 'localhost') : config.publicUrl}`,
  ];
  if (server.demoDataLoaded) lines.push('Demo products and reviews were loaded into the new database.');
  if (config.admin)
    lines.push(
      `Admin sign-in: ${config.admin.email} / ${config.admin.demo ? config.admin.password : '(the ADMIN_PASSWORD you set)'}`,
    );
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received: finishing in-flight requests`);
    // The drain cuts connections after 15 s; anything else that never settles (a database connection lost
    // to a driver's bug held `pool.end()` for ever, decision 175) must not keep a stopped instance alive.
    setTimeout(() => {
      console.error(`Shutdown still waiting after ${SHUTDOWN_LIMIT_MS / 1000} s: ${process.getActiveResourcesInfo().join(', ')}`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server
      .stop()
      .then(flushTraces)
      .then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
