// npm run admin -- grant <email> | revoke <email> | list
// Changes roles straight in the configured database (DATABASE_URL, else the embedded one in DATA_DIR).
import { grantAdmin, listShopUsers, revokeAdmin } from '#server/modules/users/service.ts';
import { runWithConfiguredDatabase } from './with-configured-database.ts';

const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | list';

const [command, email] = process.argv.slice(2);
if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
  console.error(USAGE);
  process.exit(2);
}

runWithConfiguredDatabase(async ({ db }) => {
  if (command === 'list') {
    for (const user of await listShopUsers(db)) console.log(`${user.role.padEnd(5)}  ${user.email}`);
  } else {
    const user = command === 'grant' ? await grantAdmin(db, email ?? '') : await revokeAdmin(db, email ?? '');
    console.log(`${user.email} is now ${user.role === 'admin' ? 'an admin' : 'a customer (not an admin)'}.`);
  }
  return 0;
});
