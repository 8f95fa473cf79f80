// npm run db:migrate: applies the committed migrations to the configured database without serving.
import { loadConfig } from '#server/config.ts';
import { openConfiguredDatabase } from '#server/db/configured-database.ts';

const config = loadConfig();
const database = openConfiguredDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}.`);
} finally {
  await database.close();
}
