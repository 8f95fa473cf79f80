import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_ANSWERS_PER_LOGGED_LINE } from '#server/cache/answers-before-routing.ts';
import { LOG_LEVELS, type LogLine } from '../helpers/captured-log.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

/** The log's line for the answer that carried this id (waits a moment: a line is written after its answer is sent). */
async function lineFor(server: TestServer, id: string | null): Promise<LogLine | undefined> {
  for (let waited = 0; waited < 1_000; waited += 20) {
    const line = server.log.find((logged) => logged.reqId === id && logged.msg === 'request completed');
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe.each(testDatabaseKinds())('request ids and the request log, over HTTP, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind, logLevel: 'debug' });
  });
  afterAll(() => server?.stop());

  it('two instances name their first requests differently (UUID v7, not a count per process)', async () => {
    const other = await startTestServer({ kind });
    try {
      const [first, otherFirst] = await Promise.all([get(server, '/api/health'), get(other, '/api/health')]);
      const ids = [first.headers.get('x-request-id'), otherFirst.headers.get('x-request-id')];
      expect(ids).toEqual([expect.stringMatching(UUID_V7), expect.stringMatching(UUID_V7)]);
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      await other.stop();
    }
  });

  it('keeps a well-formed X-Request-Id from the proxy or client, in the answer and the log', async () => {
    const given = 'a3f9c2e1b4d5e6f7a8b9c0d1e2f3a4b5';
    const answer = await get(server, '/api/categories', { 'x-request-id': given });
    expect(answer.headers.get('x-request-id')).toBe(given);
    expect(await lineFor(server, given)).toMatchObject({ url: '/api/categories', statusCode: 200 });
  });

  it('replaces a malformed X-Request-Id with one of its own', async () => {
    for (const given of ['short', 'no spaces allowed', 'x'.repeat(129), '"quoted";injected']) {
      const answer = await get(server, '/api/categories', { 'x-request-id': given });
      const id = answer.headers.get('x-request-id');
      expect(id).toMatch(UUID_V7);
      expect(await lineFor(server, id)).toMatchObject({ url: '/api/categories' });
    }
  });

  it('names the request on every kind of answer: refusals, 404s, pages and reads answered from memory', async () => {
    // At debug every answer has its line: those sent from memory before routing at debug (decision 97).
    const { info, debug } = LOG_LEVELS;
    const paths: [string, number][] = [
      ['/api/orders', info], // 401
      ['/api/purchase/not-a-product', info], // 400
      ['/api/nowhere', info], // 404
      ['/', info], // a server-rendered page
      ['/about', info],
      ['/about', info], // the same page again, answered from memory by the app
      ['/api/home', info], // a public read, then answered before routing
      ['/api/home', debug],
      ['/api/home', debug],
    ];
    const statuses = new Set<number>();
    for (const [path, level] of paths) {
      const answer = await get(server, path);
      statuses.add(answer.status);
      const id = answer.headers.get('x-request-id');
      expect(id, path).toMatch(UUID_V7);
      expect(await lineFor(server, id), path).toMatchObject({ level, method: 'GET', url: path });
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 404]);
  });

  it(`logs one answer from memory in ${MEMORY_ANSWERS_PER_LOGGED_LINE} at info, marked as sampled`, async () => {
    const atInfo = await startTestServer({ kind, logLevel: 'info' });
    try {
      for (let asked = 0; asked < 2 * MEMORY_ANSWERS_PER_LOGGED_LINE + 2; asked++) {
        expect((await get(atInfo, '/api/home')).status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const lines = atInfo.log.filter((line) => line.msg === 'request completed' && line.url === '/api/home');
      // The first two reads are answered by the app (the second is what it remembers), the next 200 from
      // memory before routing: two of those are logged.
      expect(lines.map(({ sampled }) => sampled ?? 'every')).toEqual([
        'every',
        'every',
        MEMORY_ANSWERS_PER_LOGGED_LINE,
        MEMORY_ANSWERS_PER_LOGGED_LINE,
      ]);
    } finally {
      await atInfo.stop();
    }
  });

  it('logs the probes at debug, not at info', async () => {
    for (const path of ['/api/health', '/api/health/ready']) {
      const id = (await get(server, path)).headers.get('x-request-id');
      expect(await lineFor(server, id), path).toMatchObject({ level: LOG_LEVELS.debug, url: path, statusCode: 200 });
    }
  });

  it('logs the names of query parameters, never their values', async () => {
    const paths = {
      '/api/orders?email=a@b.c': '/api/orders?email',
      '/api/products?q=a%40b.c&email=a%40b.c&page=2': '/api/products?q&email&page',
      '/api/nowhere?email=a@b.c': '/api/nowhere?email',
      '/track?phone=01711000000&email=a@b.c': '/track?phone&email',
    };
    for (const [path, logged] of Object.entries(paths)) {
      const id = (await get(server, path)).headers.get('x-request-id');
      expect((await lineFor(server, id))?.url).toBe(logged);
    }
    expect(JSON.stringify(server.log)).not.toMatch(/a@b\.c|a%40b\.c|01711000000/);
  });
});
