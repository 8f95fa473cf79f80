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

let npm: NpmStartedServer | undefined;
afterAll(() => npm?.stop());

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

describe('SIGTERM to npm start under load (R-OUTAGE)', () => {
  it(`answers all ${CONNECTIONS * REQUESTS_PER_CONNECTION} requests already received, resets none, then exits 0`, async () => {
    npm = await npmStart();
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
    expect(outcome).toEqual({
      statuses: Array(REQUESTS_PER_CONNECTION).fill(200),
      closedByServer: true,
      lastSaidClose: true,
      saidClose: 1,
      error: undefined,
    });
    removeData();
  });
});
