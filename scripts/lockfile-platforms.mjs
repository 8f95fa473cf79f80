// The npm registry this project's machines reach serves native packages for some platforms only, so
// `npm install` here leaves other platforms' optional binaries (Biome's, Tailwind's) out of
// package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds the missing entries
// with their os/cpu/libc (read from the package name, as these packages name themselves), exactly as a
// full registry would record them; npm ci skips them on every other platform without downloading.
// Run it after changing dependencies: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OSES = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => CPUS.includes(part));
  if (!cpu) throw new Error(`Cannot tell the platform of ${name}: add its entry by hand.`);
  const libc = os === 'linux' ? (parts.includes('musl') ? ['musl'] : ['glibc']) : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc } : {}) };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${path}/node_modules/${name}`]) continue;
    lock.packages[key] = { version, ...platformOf(name), ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added
    ? `Added ${added} other-platform optional packages to package-lock.json.`
    : 'package-lock.json already lists every platform.',
);
