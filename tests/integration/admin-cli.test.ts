import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '#server/data-dir-lock.ts';
import { call, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

function runAdminCli(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(!testDatabaseKinds().includes('postgres'))('npm run admin on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
  });
  afterAll(() => server?.stop());

  it('grants and revokes admin from the command line, and refuses to remove the last admin', async () => {
    const env = { DATABASE_URL: server.database.url ?? '' };
    const customer = await signUpCustomer(server);
    const admin = await signInAdmin(server);

    const granted = runAdminCli(['grant', customer.email], env);
    expect(granted.output).toContain(`${customer.email} is now an admin.`);
    expect(granted.status).toBe(0);
    expect((await call(server, 'GET', `/api/admin/${customer.email}`, { token: admin.token })).body).toEqual({
      admin: true,
      role: 'admin',
    });

    const listed = runAdminCli(['list'], env);
    expect(listed.output).toMatch(new RegExp(`admin\\s+${customer.email.replace('.', '\\.')}`));

    const revoked = runAdminCli(['revoke', customer.email], env);
    expect(revoked.status).toBe(0);
    expect((await call(server, 'GET', `/api/admin/${customer.email}`, { token: admin.token })).body).toEqual({
      admin: false,
      role: 'user',
    });

    const lastAdmin = runAdminCli(['revoke', admin.email], env);
    expect(lastAdmin.status).toBe(1);
    expect(lastAdmin.output).toContain('at least one admin');

    const unknown = runAdminCli(['grant', 'nobody@example.com'], env);
    expect(unknown.status).toBe(1);
    expect(unknown.output).toContain('No user has the email nobody@example.com.');

    expect(runAdminCli(['promote'], env).status).toBe(2);
  });
});

describe('npm run admin on the embedded database', () => {
  it('refuses to open a data directory a running server holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    // A lock held by this (live) test process stands in for a running server.
    const lock = lockDataDir(dataDir);
    try {
      const result = runAdminCli(['list'], { DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expect(result.output).toContain(`is in use by another server (process ${process.pid}`);
    } finally {
      lock.release();
    }
  });
});
