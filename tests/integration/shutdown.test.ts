import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startServer } from '#server/server.ts';
import { type NpmStartedServer, npmStart } from '../helpers/npm-start.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { freePort } from '../helpers/test-server.ts';

const CONNECTIONS = 12;
const REQUESTS_PER_CONNECTION = 50;

const servers: NpmStartedServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));
/** Stopped (and its data removed) after the tests, whatever happens to them. */
async function started(starting: Promise<NpmStartedServer>): Promise<NpmStartedServer> {
  const server = await starting;
  servers.push(server);
  return server;
}

const closing = (headers: string) => /(^|\r\n)connection: close/i.test(headers);

interface ConnectionOutcome {
  statuses: number[];
  closedByServer: boolean;
  lastSaidClose: boolean;
  /** How many answers said `Connection: close`: only the last may. */
  saidClose: number;
  error?: string;
}

/**
 * One keep-alive connection with every request written at once (pipelined), as a busy client or a
 * proxy sends them: all of them are "already received" when the shutdown begins.
 */
function pipelined(port: number, path: string): { sent: Promise<void>; outcome: Promise<ConnectionOutcome> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // Each request its own address, so each is routed by the app: one asked again would be answered
  // before routing (decision 9), all of them before the signal could come.
  const request = (index: number) =>
    `GET ${path}?request=${index} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
  const sent = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => {
      socket.write(Array.from({ length: REQUESTS_PER_CONNECTION }, (_, index) => request(index)).join(''));
      resolve();
    });
    socket.once('error', reject);
  });
  const outcome = new Promise<ConnectionOutcome>((resolve) => {
    let error: string | undefined;
    socket.on('error', (problem: NodeJS.ErrnoException) => {
      error = problem.code ?? problem.message;
    });
    socket.once('close', () => {
      const heads = [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)];
      resolve({
        statuses: heads.map((head) => Number(head[1])),
        closedByServer: error === undefined,
        lastSaidClose: closing(heads.at(-1)?.[2] ?? ''),
        saidClose: heads.filter((head) => closing(head[2] ?? '')).length,
        error,
      });
    });
  });
  return { sent, outcome };
}

/** What the reconnecting clients saw, request by request. */
interface LoadFigures {
  sent: number;
  ok: number;
  /** Any answer but a 200: its status line and body. */
  other: string[];
  /** A request sent and then its connection reset (or broken) before the whole answer came. */
  reset: string[];
  /** A request sent and its connection closed by the server without an answer. */
  unanswered: number;
}

const RECONNECTING_CLIENTS = 100;
/** Bounds on the load, whatever the server does: requests per client, and the time the clients run. */
const REQUESTS_PER_CLIENT_LIMIT = 20_000;
const LOAD_LIMIT_MS = 30_000;

/**
 * A keep-alive client that sends its next request as soon as an answer is complete, and connects again
 * as soon as its connection is closed, until a connection is refused (the server is gone) or a bound is
 * reached.
 */
async function reconnectingClient(port: number, figures: LoadFigures, until: number): Promise<void> {
  let requests = 0;
  const connectOnce = () =>
    new Promise<'again' | 'stop'>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let connected = false;
      let waiting = false;
      let received = Buffer.alloc(0);
      let failure: string | undefined;
      const send = () => {
        if (requests >= REQUESTS_PER_CLIENT_LIMIT || Date.now() > until) return socket.end();
        requests += 1;
        figures.sent += 1;
        waiting = true;
        socket.write(`GET /api/home HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      };
      socket.once('connect', () => {
        connected = true;
        send();
      });
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        for (;;) {
          const headEnd = received.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const head = received.subarray(0, headEnd).toString('latin1');
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          if (received.length < headEnd + 4 + length) return;
          const body = received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
          received = received.subarray(headEnd + 4 + length);
          waiting = false;
          if (head.startsWith('HTTP/1.1 200 ')) figures.ok += 1;
          else figures.other.push(`${head.split('\r\n')[0]} ${body}`);
          if (!/\r\nconnection: *close/i.test(head)) send();
        }
      });
      socket.on('error', (problem: NodeJS.ErrnoException) => {
        failure = problem.code ?? problem.message;
      });
      socket.once('close', () => {
        if (!connected) return resolve('stop');
        if (waiting && failure) figures.reset.push(failure);
        else if (waiting) figures.unanswered += 1;
        resolve(failure || requests >= REQUESTS_PER_CLIENT_LIMIT || Date.now() > until ? 'stop' : 'again');
      });
    });
  while ((await connectOnce()) === 'again');
}

// `npm start` on a machine busy with the rest of the suite has taken over a minute to listen.
describe('SIGTERM to npm start under load (R-OUTAGE)', { timeout: 180_000 }, () => {
  it(`answers all ${CONNECTIONS * REQUESTS_PER_CONNECTION} requests already received, resets none, then exits 0`, async () => {
    const npm = await started(npmStart());
    const port = Number(new URL(npm.url).port);

    // The product list: each answer is real work for the server (JSON, ETag), though cached. A server-rendered
    // page costs far more, and on a loaded machine connections still queued behind them can be reset (see
    // issue 12's closing note); this checks the drain itself.
    const connections = Array.from({ length: CONNECTIONS }, () => pipelined(port, '/api/home'));
    await Promise.all(connections.map((connection) => connection.sent));
    npm.child.kill('SIGTERM');
    const outcomes = await Promise.all(connections.map((connection) => connection.outcome));

    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    for (const outcome of outcomes) {
      expect(outcome.statuses).toEqual(Array(REQUESTS_PER_CONNECTION).fill(200));
      expect(outcome.closedByServer).toBe(true);
    }
    // Whether any request is still unanswered when the signal is handled depends on the machine's load
    // (npm forwards it; CI once saw all 600 answered first), so `Connection: close` on the last answer
    // is checked below, where the drain is sure to begin first.
    expect(await npm.exited).toBe(0);
    const refused = await new Promise<string>((resolve) => {
      const late = connect(port, '127.0.0.1');
      late.once('connect', () => {
        late.destroy();
        resolve('connected');
      });
      late.once('error', (problem: NodeJS.ErrnoException) => resolve(problem.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});

describe('SIGTERM to npm start under reconnecting load (R-OUTAGE)', () => {
  it(`${RECONNECTING_CLIENTS} clients that connect again whenever closed: every request sent is answered 200, none reset, exit 0`, async () => {
    const shop = await started(npmStart());
    const port = Number(new URL(shop.url).port);
    const figures: LoadFigures = { sent: 0, ok: 0, other: [], reset: [], unanswered: 0 };
    const until = Date.now() + LOAD_LIMIT_MS;
    const clients = Array.from({ length: RECONNECTING_CLIENTS }, () => reconnectingClient(port, figures, until));
    // The signal comes in the middle of the load: once 20 answers a client have come, on average.
    while (figures.ok < RECONNECTING_CLIENTS * 20 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    const signalledAt = Date.now();
    shop.child.kill('SIGTERM');
    const code = await shop.exited;
    const exitMs = Date.now() - signalledAt;
    await Promise.all(clients);
    console.info(
      `reconnecting load: ${figures.sent} sent, ${figures.ok} answered 200, ${figures.other.length} other, ` +
        `${figures.reset.length} reset, ${figures.unanswered} unanswered; exit ${code} ${exitMs} ms after the signal`,
    );
    expect(figures.reset).toEqual([]);
    expect(figures.unanswered).toBe(0);
    expect(figures.other).toEqual([]);
    expect(figures.ok).toBe(figures.sent);
    expect(code).toBe(0);
  });
});

async function startDrainableServer() {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'storefront-drain-')),
    AUTH_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, {
    database: (await createTestDatabase('pglite')).handle,
    seed: false,
    logger: false,
  });
  return { port, server, removeData: () => rmSync(config.dataDir, { recursive: true, force: true }) };
}

/** A pipelined connection whose every request got 200, only the last answer saying `Connection: close`. */
const ALL_ANSWERED_THEN_CLOSED: ConnectionOutcome = {
  statuses: Array(REQUESTS_PER_CONNECTION).fill(200),
  closedByServer: true,
  lastSaidClose: true,
  saidClose: 1,
  error: undefined,
};

describe('while the server drains (R-OUTAGE)', () => {
  it('a request on an idle keep-alive connection is still answered: readiness says 503 "shutting down", with Connection: close', async () => {
    const { port, server, removeData } = await startDrainableServer();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));

    const stopped = server.stop();
    socket.write(`GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await closed;
    await stopped;
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toContain('"status":"shutting down"');
    removeData();
  });

  it('requests sent just before the drain began are all answered, and only the last answer says Connection: close', async () => {
    const { port, server, removeData } = await startDrainableServer();
    const connection = pipelined(port, '/api/home');
    await connection.sent;
    // The server has not read them yet: they are taken from the connection after the drain has begun.
    const stopped = server.stop();
    const outcome = await connection.outcome;
    await stopped;
    expect(outcome).toEqual(ALL_ANSWERED_THEN_CLOSED);
    removeData();
  });

  it('a connection made after the drain began has all its requests answered once listening stops, the last with Connection: close', async () => {
    const { port, server, removeData } = await startDrainableServer();
    const stopped = server.stop();
    const connection = pipelined(port, '/api/home');
    await connection.sent;
    const outcome = await connection.outcome;
    await stopped;
    expect(outcome).toEqual(ALL_ANSWERED_THEN_CLOSED);
    removeData();
  });
});
