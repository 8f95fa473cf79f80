import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'lock-test-'));

describe('lockDataDir', () => {
  it('refuses a second holder while the first is alive, naming its process', async () => {
    const dir = freshDir();
    // A live process other than this one holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: holder.pid, startedAt: '2026-01-01T00:00:00.000Z' }));
      expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrowError(`process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = freshDir();
    const crashed = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => crashed.on('exit', resolve));
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: crashed.pid, startedAt: '2026-01-01T00:00:00.000Z' }));
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('can be taken again after release', () => {
    const dir = freshDir();
    lockDataDir(dir).release();
    const again = lockDataDir(dir);
    again.release();
  });
});
