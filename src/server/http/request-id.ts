import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request's id comes in (from a proxy or a client) and goes out in, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's or client's id must look like to be kept (decision 81): UUIDs, nginx's `$request_id`
 * and the like pass; anything that could break a log line or a header, or bloat either, does not.
 */
const WELL_FORMED = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds, then 74 random bits, so ids made by different
 * instances, or by one before and after a restart, do not meet, and sort by when they were made. Node
 * makes version 4 only; past its first 48 bits a v4 is laid out as a v7 (the version's digit aside), so
 * the time takes those 48 bits and the version digit becomes 7. randomUUID draws from a cached pool of
 * randomness, cheaper per request than randomBytes.
 */
export function newRequestId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}

/** The id the request came with when it is well formed, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : newRequestId();
}

/** Every answer the app sends names its request's id, refusals and 404s too: what a support ticket quotes. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
