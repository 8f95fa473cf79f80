import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimits } from '#server/config.ts';
import { MESSAGES } from '#shared/messages.ts';
import { HttpError } from './errors.ts';

const HOUR = 60 * 60 * 1000;

/** How long each flood limit's window is; how many fit in it is configuration (RateLimits, R-FLOOD). */
export const RATE_LIMIT_WINDOWS = {
  signUp: HOUR,
  passwordReset: HOUR,
  phoneCode: HOUR,
  review: 24 * HOUR,
  order: HOUR,
  cardAttempt: HOUR,
  booking: HOUR,
  tracking: 10 * 60 * 1000,
  apiKey: 60 * 1000,
} as const;

/**
 * @fastify/rate-limit for the flood limits, off unless a route asks (config.rateLimit): counts in Redis
 * when it is configured, so every instance shares them, in memory otherwise.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined, keyPrefix: string): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': true, 'retry-after': true },
  });
}

const COUNTED = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/**
 * A limit that tells every answer what is left of it (the merchant API, issue 41): @fastify/rate-limit
 * writes its own x-ratelimit-* headers, which `tellLimitLeft` rewrites as the IETF draft's.
 */
export const LIMIT_LEFT_HEADERS = {
  addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
  addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
} as const;

/**
 * The limit an answer was counted against, as draft-ietf-httpapi-ratelimit-headers names it:
 * `RateLimit-Policy: "name";q=<calls>;w=<seconds>` and `RateLimit: "name";r=<left>;t=<seconds to reset>`.
 * An answer refused before the count (a bad key) has neither.
 */
export function tellLimitLeft(reply: FastifyReply, name: string, windowMs: number): void {
  const [limit, remaining, reset] = COUNTED.map((header) => reply.getHeader(header));
  if (limit === undefined) return;
  for (const header of COUNTED) reply.removeHeader(header);
  reply.header('ratelimit-policy', `"${name}";q=${limit};w=${Math.round(windowMs / 1000)}`);
  reply.header('ratelimit', `"${name}";r=${remaining ?? 0};t=${reset ?? 0}`);
}

/**
 * One route's flood limit: `max` calls per window for each key (an address, a customer, an order),
 * refused with 429, Retry-After and a message saying how long to wait. Counted once the request is
 * known good (preHandler: signed in, body valid), so refused input costs nothing.
 */
export function floodLimit(options: {
  max: number;
  windowMs: number;
  /** What the message says was done too often: "sign-ups from your address". */
  what: string;
  key: (request: FastifyRequest) => string;
}): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: options.max,
      timeWindow: options.windowMs,
      hook: 'preHandler',
      keyGenerator: options.key,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'too_many_requests', MESSAGES.tooMany(options.what, Math.ceil(context.ttl / 1000))),
    },
  };
}

/** A preHandler hook counting against one flood limit, shared by every route it is put on. */
export type SharedLimit = preHandlerAsyncHookHandler;

/**
 * Tracking lookups (issue 29): TRACKING_LOOKUPS_PER_ADDRESS in 10 minutes for each address, one count
 * for the API, the tracking pages and the invoice form, so tracking codes and invoice numbers cannot be
 * tried in bulk. A parcel already read is answered from memory before this count (decision 9), so only
 * new lookups count; the pages' own reads of the API, made inside the server for a page that is itself
 * counted, do not.
 */
export function trackingLookupLimit(app: FastifyInstance, rateLimits: RateLimits): SharedLimit {
  const { rateLimit } = floodLimit({
    max: rateLimits.trackingLookupsPerAddress,
    windowMs: RATE_LIMIT_WINDOWS.tracking,
    what: /*i18n*/ 'tracking lookups from your address',
    key: (request) => request.ip,
  });
  return app.rateLimit({ ...rateLimit, allowList: (request) => '_lightMyRequest' in request.raw });
}

/**
 * What a signed-in customer asks of the courier in an hour (issue 28): bookings, pickups and freight
 * requests, each route counted on its own, up to BOOKINGS_PER_CUSTOMER. Behind `requireUser`, so the
 * customer is known; `what` names it in the refusal.
 */
export function parcelRequestLimit(rateLimits: RateLimits, what: string): { rateLimit: RateLimitOptions } {
  return floodLimit({
    max: rateLimits.bookingsPerCustomer,
    windowMs: RATE_LIMIT_WINDOWS.booking,
    what,
    key: (request) => request.viewer?.userId ?? request.ip,
  });
}
