// npm run admin -- grant <email> | revoke <email> | list
// Changes roles straight in the configured database (DATABASE_URL, else the embedded one in DATA_DIR).
import { loadConfig } from '#server/config.ts';
import { openConfiguredDatabase } from '#server/db/configured-database.ts';
import { grantAdmin, listShopUsers, revokeAdmin } from '#server/modules/users/service.ts';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (command === 'list') {
      for (const user of await listShopUsers(database.db)) console.log(`${user.role.padEnd(5)}  ${user.email}`);
    } else {
      const user = command === 'grant' ? await grantAdmin(database.db, email ?? '') : await revokeAdmin(database.db, email ?? '');
      console.log(`${user.email} is now ${user.role === 'admin' ? 'an admin' : 'a customer (not an admin)'}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
