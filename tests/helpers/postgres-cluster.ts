import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PostgreSQL's own programs (initdb, pg_ctl): Debian keeps them per version under /usr/lib/postgresql. */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
  if (found) return found;
  try {
    // libpq-dev has a pg_config too, naming a bindir without the server's programs.
    const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to run as root: then the cluster runs as the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** Why this machine cannot start a PostgreSQL cluster of its own, or undefined when it can. */
export function ownClusterUnavailable(): string | undefined {
  if (!binaries()) return 'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or on PATH';
  if (process.getuid?.() === 0 && !runAs()) return 'running as root and there is no postgres user to run the cluster as';
  return undefined;
}

function run(program: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')}: ${code}\n${errors}`)),
    );
  });
}

/**
 * A free port among the 100 from `first`. Each user of throw-away clusters keeps a range of its own
 * (the database-outage test 55400–55499, the race tests' cluster 55300–55399), so they never collide.
 */
export async function freeClusterPort(first: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = first + Math.floor(Math.random() * 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${first}–${first + 99} for a PostgreSQL cluster`);
}

export interface PostgresCluster {
  /** A connection string to its `postgres` database (trust authentication, user postgres). */
  url: string;
  start(): Promise<void>;
  /** Stops it at once, as a crash or a failover would: open connections are cut. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
  /** Stops and removes it synchronously: for a process 'exit' handler, where nothing asynchronous runs any more. */
  destroyNow(): void;
}

/** A throw-away PostgreSQL cluster: initdb into a temporary folder, its own port on 127.0.0.1. */
export async function createPostgresCluster(port: number): Promise<PostgresCluster> {
  const bin = binaries();
  if (!bin) throw new Error(ownClusterUnavailable());
  const user = runAs();
  const folder = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
  if (user) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  await run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], user);
  const pgCtl = join(bin, 'pg_ctl');
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const stopArgs = ['stop', '-D', data, '-w', '-m', 'immediate'];
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run(pgCtl, ['start', '-D', data, '-w', '-l', join(folder, 'log'), '-o', options], user),
    stop: () => run(pgCtl, stopArgs, user),
    async destroy() {
      await cluster.stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
    destroyNow() {
      try {
        execFileSync(pgCtl, stopArgs, { ...user, stdio: 'ignore' });
      } catch {
        // Already stopped: only the folder is left to remove.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
