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

describe('AccessLog', () => {
  it('writes one line per answered request, with method, address, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
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
