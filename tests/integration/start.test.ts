import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_MISMATCH } from '#server/auth/signing-keys.ts';
import { DEMO_ADMIN } from '#server/config.ts';
import { watchProcess } from '../helpers/npm-start.ts';
import { signIn } from '../helpers/shop-client.ts';
import { freePort } from '../helpers/test-server.ts';

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Runs the real entry point, as `npm start` does after the build. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return { child, ...watchProcess(child) };
}

describe('npm start', () => {
  it('serves the shop, refuses a second server on the same data directory, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-start-'));
    const port = await freePort();
    const first = startMain({ DATA_DIR: dataDir, PORT: String(port) });
    await first.printed(`is ready on http://localhost:${port}`);
    expect(first.output()).toContain('Admin sign-in: admin@swiftcargo.test / admin1234');
    expect(first.output()).toContain('Demo products and reviews were loaded');
    const products = (await (await fetch(`http://127.0.0.1:${port}/api/home`)).json()) as unknown[];
    expect(products.length).toBeGreaterThanOrEqual(12);

    const second = startMain({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another server (process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The data is kept and the demo data is not loaded twice.
    const again = startMain({ DATA_DIR: dataDir, PORT: String(port) });
    await again.printed('is ready on');
    expect(again.output()).not.toContain('Demo products and reviews were loaded');
    const reloaded = (await (await fetch(`http://127.0.0.1:${port}/api/home`)).json()) as unknown[];
    expect(reloaded).toHaveLength(products.length);
  });

  it('stops with one line when AUTH_SECRET is not the secret the stored signing key was made with', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-secret-'));
    const port = await freePort();
    const first = startMain({ DATA_DIR: dataDir, PORT: String(port), AUTH_SECRET: 'a'.repeat(32) });
    await first.printed('is ready on');
    // The first access token makes the signing key.
    await signIn({ url: `http://127.0.0.1:${port}` }, DEMO_ADMIN.email, DEMO_ADMIN.password);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const changed = startMain({ DATA_DIR: dataDir, PORT: String(port), AUTH_SECRET: 'b'.repeat(32) });
    expect(await Promise.race([changed.exited, changed.printed('is ready on').then(() => 'served')])).toBe(1);
    expect(changed.output().trim()).toBe(SECRET_MISMATCH);
  });

  it('stops at once with one line naming a bad variable', async () => {
    const bad = startMain({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'storefront-bad-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });
});
