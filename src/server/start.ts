// Reads the configuration once, starts the server, says where it is, and stops it cleanly on a signal.
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { startServer } from './server.ts';
import { flushTraces } from './tracing/tracing.ts';

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
