import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicAnswer } from './public-reads.ts';

/**
 * Lists may be kept briefly by browsers and shared caches, for visitors only: a signed-in shopper's
 * browser (it sends a session cookie or a bearer token) asks again every time, so an admin's new product
 * or a customer's new review shows on the very next fetch. Single products always revalidate: the
 * purchase page shows the stock left.
 */
const VISITOR_LIST = 'public, max-age=5, stale-while-revalidate=30';
const SIGNED_IN = 'private, no-cache';
const ALWAYS_REVALIDATE = 'no-cache';

/**
 * Route options for the reads answered from memory. Their answers come compressed already, and the
 * app's compression plugin, which would only look at them and pass, cost a fifth of their speed. They
 * are most of the traffic and log only warnings and errors: a JSON line for each cost a quarter of what
 * answering it costs (GET /metrics counts them).
 */
export const ANSWERED_FROM_MEMORY = { compress: false, decompress: false, logLevel: 'warn' } as const;

type Encoding = keyof NonNullable<PublicAnswer['encoded']>;

/** br when the client takes it, else gzip, else none; `;q=0` refuses an encoding. */
function encodingFor(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter))) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Each encoding is its own representation, so its strong ETag differs from the others'. */
const etagOf = (answer: PublicAnswer, encoding: Encoding | undefined) =>
  encoding ? `${answer.etag.slice(0, -1)}-${encoding}"` : answer.etag;

/** RFC 9110's weak comparison, which If-None-Match uses: `W/"x"` matches `"x"`. */
function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends the kept JSON text (or its compressed copy) as it is: no validation, serialization or
 * compression per request. 304 when the client already holds it.
 */
export function sendPublicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  kind: 'list' | 'item',
): FastifyReply {
  const signedIn = request.headers.cookie !== undefined || request.headers.authorization !== undefined;
  const encoding = answer.encoded ? encodingFor(request.headers['accept-encoding']) : undefined;
  const etag = etagOf(answer, encoding);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  reply
    .header('etag', etag)
    .header('cache-control', kind === 'item' ? ALWAYS_REVALIDATE : signedIn ? SIGNED_IN : VISITOR_LIST)
    .header('vary', 'Accept-Encoding, Authorization, Cookie');
  if (alreadyHeld(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding || !answer.encoded) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded[encoding]);
}
