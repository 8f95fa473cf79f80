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

/** Parameters whose values are a person's or a secret: the log keeps their names, not their values. */
const PERSONAL_PARAMETERS = ['email', 'token', 'password'];

const isPersonal = (name: string) => PERSONAL_PARAMETERS.includes(name.toLowerCase());

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/**
 * The request's address as logged: `GET /api/orders?email=…` logs `/api/orders?email`, and a route
 * with such a parameter in its path (`PUT /api/user/:email`) logs its pattern instead of the path.
 */
export function loggedUrl(url: string, route: string | undefined): string {
  const queryStart = url.includes('?') ? url.indexOf('?') : url.length;
  const personalPath = route?.split('/').some((part) => part.startsWith(':') && isPersonal(part.slice(1)));
  const path = personalPath && route ? route : url.slice(0, queryStart);
  if (queryStart === url.length) return path;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => {
      const name = parameter.split('=', 1)[0] ?? '';
      return isPersonal(decoded(name)) ? name : parameter;
    });
  return `${path}?${parameters.join('&')}`;
}

/**
 * One line per answered request, with what an operator looks for, instead of Fastify's two (one on
 * arrival, one on answer, each with the whole request or reply serialized): logging was a good part of
 * what a cached read cost.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url, request.routeOptions.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
