import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '#shared/limits.ts';
import { englishText } from '#shared/translate.ts';
import { badRequest } from './errors.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7E]+$/;
const KEY_MESSAGE = englishText(/*i18n*/ 'Idempotency-Key must be 1 to {max} visible ASCII characters', {
  max: LIMITS.idempotencyKeyMaxLength,
});

const idempotencyKeySchema = z
  .string()
  .max(LIMITS.idempotencyKeyMaxLength, KEY_MESSAGE)
  .regex(IDEMPOTENCY_KEY, KEY_MESSAGE)
  .describe('Makes a repeated request answer the first one (kept 24 hours); the same key with another request is 422.');

/** The headers of a route that takes an `Idempotency-Key`: the check below, as its schema and the API document say it. */
export const idempotencyKeyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** A request's `Idempotency-Key` (R-BOOKING), or undefined without one; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : undefined;
  if (key !== undefined && !idempotencyKeySchema.safeParse(key).success)
    throw badRequest(KEY_MESSAGE, { 'Idempotency-Key': KEY_MESSAGE });
  return key;
}
