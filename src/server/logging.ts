import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';

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

/** A route's path parameters that hold a person's details: the log names the route instead of the path. */
const PERSONAL_PARAMETERS = ['email', 'phone', 'token', 'password'];

const isPersonal = (name: string) => PERSONAL_PARAMETERS.includes(name.toLowerCase());

/**
 * The request's address as logged: the path and the names of its query's parameters, never their values
 * (decision 81): a query may carry an email, a phone number, a token or a search for any of them, and no
 * list of names would know every one. `GET /api/orders?email=…&page=2` logs `/api/orders?email&page`,
 * and a route with a personal parameter in its path (`PUT /api/user/:email`) logs its pattern.
 */
export function loggedUrl(url: string, route: string | undefined): string {
  const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
  const personalPath = route?.split('/').some((part) => part.startsWith(':') && isPersonal(part.slice(1)));
  const path = personalPath && route ? route : url.slice(0, queryStart);
  if (queryStart === url.length) return path;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => parameter.split('=', 1)[0] ?? '');
  return `${path}?${names.join('&')}`;
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
