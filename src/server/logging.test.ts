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
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { app: Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() }), lines };
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
      expect.objectContaining({ method: 'GET', url: '/api/home?page=2', statusCode: 200, ms: expect.any(Number) }),
      expect.objectContaining({ method: 'GET', url: '/nowhere', statusCode: 404 }),
    ]);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });
});

describe('AccessLog, for personal addresses', () => {
  it('logs the route and the names of email, token and password parameters, never their values', async () => {
    const { app, lines } = loggedApp();
    app.get('/api/orders', async () => []);
    app.put('/api/user/:email', async () => ({}));
    app.get('/*', async () => 'page');
    await app.inject({ url: '/api/orders?email=jane%40example.com&page=2' });
    await app.inject({ method: 'PUT', url: '/api/user/jane%40example.com' });
    await app.inject({ url: '/login?Email=jane@example.com&password=secret1' });
    await app.inject({ url: '/reset-password?token=abc123' });
    await app.close();
    const urls = lines.filter((line) => line.msg === 'request completed').map((line) => line.url);
    expect(urls).toEqual(['/api/orders?email&page=2', '/api/user/:email', '/login?Email&password', '/reset-password?token']);
    expect(JSON.stringify(lines)).not.toMatch(/jane|secret1|abc123/);
  });
});
