// `npm start` builds the web app only when its sources changed since the last build, so a second
// start is quick (the spec'd 10 seconds) and a fresh clone still gets a build.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILT = 'dist/web/index.html';
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

function builtAt() {
  try {
    return statSync(BUILT).mtimeMs;
  } catch {
    return 0;
  }
}

if (Math.max(...SOURCES.map(newestChange)) > builtAt()) {
  console.log('Building the web app…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
