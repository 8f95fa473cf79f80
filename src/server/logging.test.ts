import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { AccessLog, loggerOptions } from './logging.ts';

describe('loggerOptions', () => {
  it('pretty-prints for a person at a terminal in development', () => {
    expect(loggerOptions(loadConfig({ LOG_LEVEL: 'debug' }), true)).toEqual({
      level: 'debug',
      transport: { target: 'pino-pretty', options: expect.any(Object) },
    });
  });

  it('writes JSON lines to stdout in production, and whenever the output is piped', () => {
    for (const options of [loggerOptions(loadConfig({ NODE_ENV: 'production' }), true), loggerOptions(loadConfig({}), false)]) {
      expect(options).toEqual({ level: 'info', stream: expect.objectContaining({ fd: 1 }) });
      expect(options).not.toHaveProperty('transport');
    }
  });
});

/** A server logging through AccessLog into `lines`, one parsed JSON line each. */
function loggedApp(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { app: Fastify({ logger: { level, stream }, logController: new AccessLog() }), lines };
}

describe('AccessLog', () => {
  it('writes one line per answered request, with method, address, status and time', async () => {
    const { app, lines } = loggedApp();
    app.get('/api/home', async () => []);
    await app.inject({ url: '/api/home?page=2' });
    await app.inject({ url: '/nowhere' });
    await app.close();
    const requests = lines.filter((line) => line.msg === 'request completed');
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/home?page', statusCode: 200, ms: expect.any(Number) }),
      expect.objectContaining({ method: 'GET', url: '/nowhere', statusCode: 404 }),
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it("logs a route's answers at debug when the route says so (the load balancer's probes)", async () => {
    const { app, lines } = loggedApp('debug');
    app.get('/api/health', { config: { accessLogLevel: 'debug' } }, async () => ({ status: 'ok' }));
    await app.inject({ url: '/api/health' });
    await app.close();
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({ level: 20, url: '/api/health', statusCode: 200 }),
    ]);
  });
});

describe('AccessLog, for personal addresses', () => {
  it("logs the names of the query's parameters, never their values, and the route of a path with an email", async () => {
    const { app, lines } = loggedApp();
    app.get('/api/orders', async () => []);
    app.put('/api/user/:email', async () => ({}));
    app.get('/*', async () => 'page');
    await app.inject({ url: '/api/orders?email=jane%40example.com&page=2' });
    await app.inject({ method: 'PUT', url: '/api/user/jane%40example.com' });
    await app.inject({ url: '/login?Email=jane@example.com&password=secret1' });
    await app.inject({ url: '/reset-password?token=abc123' });
    await app.inject({ url: '/track?invoice=INV-7&phone=01711000000' });
    await app.close();
    const urls = lines.filter((line) => line.msg === 'request completed').map((line) => line.url);
    expect(urls).toEqual([
      '/api/orders?email&page',
      '/api/user/:email',
      '/login?Email&password',
      '/reset-password?token',
      '/track?invoice&phone',
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/jane|secret1|abc123|INV-7|01711000000/);
  });
});
