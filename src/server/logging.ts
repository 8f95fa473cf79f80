import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { loggedUrl } from './http/logged-url.ts';

/**
 * JSON lines in production, for the log collector; coloured one-line messages for a person watching a
 * terminal in development. Piped output (a file, a test, a collector) stays JSON whatever the mode.
 * JSON is written asynchronously: a write system call per line, waited for, cost a cached read a
 * quarter of its speed. Lines still pending when the process exits are written by pino on the way out.
 */
export function loggerOptions(config: Config, stdoutIsTerminal: boolean) {
  if (config.env === 'production' || !stdoutIsTerminal) {
    return { level: config.logLevel, stream: pino.destination({ dest: 1, sync: false }) };
  }
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `debug` for routes asked every few seconds by machines (the load balancer's probes): at info their
     * lines would bury the customers' requests.
     */
    accessLogLevel?: 'debug';
  }
}

/** What the log says of an answered request, beside its id. */
export function accessLine(method: string, url: string, route: string | undefined, statusCode: number, ms: number) {
  return { method, url: loggedUrl(url, route), statusCode, ms: Math.round(ms) };
}

/**
 * One line per answered request, with what an operator looks for, instead of Fastify's two (one on
 * arrival, one on answer, each with the whole request or reply serialized): logging was a good part of
 * what a cached read cost.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = accessLine(request.method, request.url, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.routeOptions.config.accessLogLevel === 'debug') reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
