import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './test-server.ts';

export interface NpmStartedServer {
  url: string;
  /** The server's own process (npm and its shell stand between it and the child this test spawned). */
  pid: number;
  child: ChildProcess;
  /** npm's exit code, once it has ended. */
  exited: Promise<number | null>;
  output(): string;
  /** Whether the server's process still runs (npm outlives it a moment). */
  running(): boolean;
  /** Its resident memory now and at its highest since start or the last `resetPeak`, in MB, from /proc (Linux). */
  residentMb(): { now: number; peak: number };
  /** Starts the peak over from the memory resident now. */
  resetPeak(): void;
  stop(): Promise<void>;
}

/** What a started process prints (stdout and stderr together), its exit code, and a wait for a line of it. */
export function watchProcess(child: ChildProcess) {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = async (text: string, withinMs = 45_000) => {
    for (let waited = 0; !output.includes(text); waited += 100) {
      if (waited > withinMs || child.exitCode !== null) throw new Error(`never printed "${text}":\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { output: () => output, exited, printed };
}

/**
 * `npm run <script>` as an operator starts the shop, on 127.0.0.1 and `port`, logging warnings only: in a
 * process group of its own, so `kill` ends the server too and not only npm.
 */
export function spawnShop(script: string, port: number, env: Record<string, string>, cwd?: string) {
  const child = spawn('npm', ['run', script], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const kill = () => {
    if (child.exitCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL');
  };
  return { child, url: `http://127.0.0.1:${port}`, kill, ...watchProcess(child) };
}

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  if (!line) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(line[1]) / 1024;
}

/**
 * The node process among `ancestor`'s descendants that runs the server: on PostgreSQL there is no data
 * directory lock to name it.
 */
function serverProcessUnder(ancestor: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces; the parent's id is the second field after it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while listed
    }
  }
  const descends = (pid: number): boolean => pid > 1 && (parents.get(pid) === ancestor || descends(parents.get(pid) ?? 0));
  const server = [...parents.keys()].find(
    (pid) => descends(pid) && /src\/server\/main\.ts|dist\/server\/main\.js/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')),
  );
  if (!server) throw new Error(`no server process under ${ancestor}`);
  return server;
}

/**
 * `npm start` as production runs it (its heap limit included, decision 36), on a fresh embedded database.
 * The server's process id is read from the lock it takes on its data directory (PGlite), or found among
 * npm's descendants (`DATABASE_URL`).
 */
export async function npmStart(env: Record<string, string> = {}): Promise<NpmStartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-npm-start-'));
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, exited, printed } = watchProcess(child);
  await printed('is ready on', 90_000);
  const lock = join(dataDir, 'server.lock');
  const pid = existsSync(lock)
    ? (JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid
    : serverProcessUnder(child.pid ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    child,
    exited,
    output,
    running: () => existsSync(`/proc/${pid}`),
    residentMb: () => ({ now: statusMb(pid, 'VmRSS'), peak: statusMb(pid, 'VmHWM') }),
    // The kernel's documented reset of VmHWM (proc(5), clear_refs).
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
