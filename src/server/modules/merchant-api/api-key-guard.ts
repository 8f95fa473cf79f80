import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { unauthorized } from '#server/http/errors.ts';
import { guard } from '#server/http/guards.ts';
import { floodLimit, LIMIT_LEFT_HEADERS, RATE_LIMIT_WINDOWS, tellLimitLeft } from '#server/http/rate-limits.ts';
import { API_KEY_MESSAGES } from '#shared/merchant-api.ts';
import { type KeyHolder, keyHolder } from './api-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant a `/api/v1` call is made for, from its API key. */
    apiCaller?: KeyHolder;
  }
}

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
};

/** The merchant whose key a `/api/v1` route was called with; only behind `apiKeyHooks`. */
export const callerOf = (request: FastifyRequest) => {
  if (!request.apiCaller) throw new Error('a /api/v1 route ran without its key check');
  return request.apiCaller;
};

/**
 * The merchant API's door (issue 30): every call looks its key up, so a revoked key is refused at once
 * on every instance; each merchant may make API_REQUESTS_PER_MERCHANT calls a minute, all its keys and
 * routes together (429 with Retry-After): counted per key, three keys would triple it (issue 39 item 7).
 * Spread into each `/api/v1` route's options.
 */
export function apiKeyHooks(app: FastifyInstance, db: Database, config: Config) {
  const requireApiKey = guard(
    async (request: FastifyRequest) => {
      const caller = await keyHolder(db, bearerOf(request));
      if (!caller) throw unauthorized(API_KEY_MESSAGES.badKey);
      request.apiCaller = caller;
    },
    { scheme: 'merchantApiKey', byRole: false },
  );
  // After requireApiKey (onRequest), so the merchant is known.
  const perMerchant = app.rateLimit({
    ...floodLimit({
      max: config.rateLimits.apiRequestsPerMerchant,
      windowMs: RATE_LIMIT_WINDOWS.apiKey,
      what: /*i18n*/ 'calls with your API keys',
      key: (request) => `api-merchant:${callerOf(request).merchantId}`,
    }).rateLimit,
    ...LIMIT_LEFT_HEADERS,
  });
  // Every answer counted says what is left (issue 41), the 429 included, so a client can slow down before it.
  const onSend = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    tellLimitLeft(reply, 'merchant', RATE_LIMIT_WINDOWS.apiKey);
    return payload;
  };
  return { onRequest: requireApiKey, preHandler: perMerchant, onSend };
}

/** What every `/api/v1` route takes: its key checked, then its merchant's share of the API limit. */
export type ApiKeyHooks = ReturnType<typeof apiKeyHooks>;
