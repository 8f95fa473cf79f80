// `npm start` builds the web app only when its sources changed since the last build, so a second
// start is quick (within seconds) and a fresh clone still gets a build. The same goes for the
// migrated empty database a new DATA_DIR starts from, which spares a first start PostgreSQL's initdb.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The last file of the build that `npm start` serves, so an interrupted build runs again. The build goes
// on to bundle the server for production, which `npm start` does not run, and to make the empty
// database below (package.json "build").
const BUILT = 'dist/web-server/entry-server.js';
const SOURCES = ['src/web', 'src/shared', 'src/locales', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

function builtAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

if (Math.max(...SOURCES.map(newestChange)) > builtAt(BUILT)) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}

const DATABASE_SOURCES = ['src/server/db/migrations', 'package-lock.json'];
const EMPTY_DATABASE = 'dist/database/pglite/PG_VERSION';

if (Math.max(...DATABASE_SOURCES.map(newestChange)) > builtAt(EMPTY_DATABASE)) {
  console.log('Preparing the embedded database…');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-database-snapshot.ts'], { stdio: 'inherit' });
}
