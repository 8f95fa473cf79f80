// Run by `npm run build` after Vite: bundles the server into dist/server/main.js, so production runs
// JavaScript on Node alone, with no TypeScript loader and no source tree (decision 85). Packages stay
// outside the bundle and are installed by `npm ci --omit=dev`, which installs `dependencies` only: the
// build stops when the server or the server renderer imports a package that is not one of them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'src');
const BUILT = join(ROOT, 'dist');
const OUT = join(BUILT, 'server');
const RENDERER = join(BUILT, 'web-server', 'entry-server.js');

/** How the server names a file it reads at run time: relative to its own module. */
const FILE_URL = /new URL\('(\.\.?\/[^']*)', import\.meta\.url\)/g;

/**
 * A module finds the files it reads (migrations, catalogues, the rate card, the web build) relative to
 * itself, and in one bundle every module is dist/server/main.js's neighbour. Files of the source tree
 * are copied beside the bundle and built ones are named from there, so each address still leads to its
 * file; an address that leads anywhere else stops the build, as production would not have that file.
 */
function filesBesideTheBundle() {
  const copies = new Map();
  return {
    name: 'files-beside-the-bundle',
    setup(bundler) {
      bundler.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (module) => {
        const contents = readFileSync(module.path, 'utf8').replace(FILE_URL, (_, address) => {
          const target = resolve(dirname(module.path), address);
          const folder = address.endsWith('/') ? '/' : '';
          if (target.startsWith(BUILT + sep)) {
            return `new URL('${relative(OUT, target).split(sep).join('/')}${folder}', import.meta.url)`;
          }
          if (!target.startsWith(SOURCES + sep)) {
            throw new Error(
              `${relative(ROOT, module.path)} reads ${address} at run time, which the production build does not ship`,
            );
          }
          const name = basename(target);
          if (copies.has(name) && copies.get(name) !== target) {
            throw new Error(
              `${relative(ROOT, target)} and ${relative(ROOT, copies.get(name))} would both be dist/server/${name}`,
            );
          }
          copies.set(name, target);
          return `new URL('./${name}${folder}', import.meta.url)`;
        });
        return { contents, loader: 'ts' };
      });
      bundler.onEnd((result) => {
        if (result.errors.length > 0) return;
        for (const [name, source] of copies) cpSync(source, join(OUT, name), { recursive: true });
      });
    },
  };
}

const dependencies = new Set(Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies));
const builtins = new Set(builtinModules);

/** The packages a bundle's files import, dynamic imports included, that production would not install. */
function uninstalled(metafile) {
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || builtins.has(path)) continue;
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      if (!dependencies.has(name)) missing.add(name);
    }
  }
  return [...missing];
}

rmSync(OUT, { recursive: true, force: true });
const server = await build({
  absWorkingDir: ROOT,
  entryPoints: { main: 'src/server/main-production.ts' },
  outdir: OUT,
  bundle: true,
  // main.js registers a module hook before the rest of the server, and its packages, load.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  packages: 'external',
  // A bundle renames functions and classes whose names clash; Fastify names plugins, and errors their
  // class, by these names, so they stay as written.
  keepNames: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [filesBesideTheBundle()],
});

// The renderer Vite built imports its packages by name too; esbuild only reads its imports here.
const renderer = await build({
  entryPoints: [RENDERER],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  metafile: true,
  logLevel: 'warning',
});

const missing = [
  ...uninstalled(server.metafile).map((name) => `the server imports ${name}`),
  ...uninstalled(renderer.metafile).map((name) => `the server renderer imports ${name}`),
];
if (missing.length > 0) {
  console.error(`Not in package.json's "dependencies", so \`npm ci --omit=dev\` would not install them:\n${missing.join('\n')}`);
  process.exit(1);
}
console.log(`build-server: dist/server/main.js and ${Object.keys(server.metafile.outputs).length - 1} more files`);
