import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#shared/locale.ts';
import { type Encoding, type PublicAnswer, wholeBytes } from './public-reads.ts';

/**
 * Lists may be kept briefly by browsers and shared caches, for visitors only: a signed-in shopper's
 * browser (it sends a session cookie or a bearer token) asks again every time, so an admin's new product
 * or a customer's new review shows on the very next fetch. Single products always revalidate: the
 * purchase page shows the stock left.
 */
const VISITOR_LIST = 'public, max-age=5, stale-while-revalidate=30';
const SIGNED_IN = 'private, no-cache';
const ALWAYS_REVALIDATE = 'no-cache';
const CONTENT_TYPE = {
  list: 'application/json; charset=utf-8',
  item: 'application/json; charset=utf-8',
  page: 'text/html; charset=utf-8',
};

/** A list (kept briefly by visitors' browsers), a single product, or a rendered page (both always revalidated). */
export type AnswerKind = keyof typeof CONTENT_TYPE;

/**
 * Route options for the reads answered from memory. Their answers are compressed by the cache, and the
 * app's compression plugin, which would only look at them and pass, cost a fifth of their speed. They
 * are logged like every other request (decision 81).
 */
export const ANSWERED_FROM_MEMORY = { compress: false, decompress: false } as const;

const NONE_ACCEPTED: ReadonlySet<Encoding> = new Set();

/** The encodings of ours the client takes; `;q=0` refuses one. */
function acceptedEncodings(acceptEncoding: string | undefined): ReadonlySet<Encoding> {
  if (!acceptEncoding) return NONE_ACCEPTED;
  const accepted = new Set<Encoding>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const encoding = name.trim();
    if ((encoding === 'br' || encoding === 'gzip') && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter)))
      accepted.add(encoding);
  }
  return accepted;
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

export interface PublicReply {
  status: number;
  headers: Record<string, string>;
  /** Absent on 304. */
  body?: Buffer;
}

/**
 * What a kept answer goes out as for these request headers: the kept JSON bytes (or their compressed
 * copy) as they are, with no validation, serialization or compression per request; 304 when the client
 * already holds it. Both ways a public read is answered (routed, and before routing) send this.
 */
export function publicReply(request: IncomingHttpHeaders, answer: PublicAnswer, kind: AnswerKind): PublicReply {
  const signedIn = request.cookie !== undefined || request.authorization !== undefined;
  const encoding = answer.encoded?.choose(acceptedEncodings(request['accept-encoding']));
  const etag = etagOf(answer, encoding);
  const headers: Record<string, string> = {
    ...answer.headers,
    etag,
    'cache-control': kind !== 'list' ? ALWAYS_REVALIDATE : signedIn ? SIGNED_IN : VISITOR_LIST,
    // An answer in the request's language (a quote's reasons) varies by it too.
    vary: answer.headers?.vary
      ? `${answer.headers.vary}, Accept-Encoding, Authorization, Cookie`
      : 'Accept-Encoding, Authorization, Cookie',
  };
  if (alreadyHeld(request['if-none-match'], etag)) return { status: 304, headers };
  headers['content-type'] = CONTENT_TYPE[kind];
  const status = answer.status ?? 200;
  if (!encoding || !answer.encoded) return { status, headers, body: wholeBytes(answer.body) };
  headers['content-encoding'] = encoding;
  return { status, headers, body: answer.encoded.copy(encoding) };
}

/** Sends a public read's answer through the app, and lets the next request for this URL skip routing. */
export function sendPublicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  kind: AnswerKind,
  /** The language the answer is written in, when it is written in the request's (`Accept-Language`). */
  locale?: Locale,
): FastifyReply {
  request.server.answersBeforeRouting.remember(request, answer, kind, locale);
  return sendKeptAnswer(request, reply, answer, kind);
}

/**
 * Sends a kept answer as `publicReply` makes it, through the route only: never remembered to skip
 * routing, so a route's guard (the merchant API's key, issue 41) checks every request. `cacheControl`
 * replaces the one its kind has.
 */
export function sendKeptAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  kind: AnswerKind,
  cacheControl?: string,
): FastifyReply {
  const { status, headers, body } = publicReply(request.headers, answer, kind);
  reply.code(status).headers(cacheControl ? { ...headers, 'cache-control': cacheControl } : headers);
  return body ? reply.send(body) : reply.send();
}
