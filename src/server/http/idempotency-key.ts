import type { FastifyRequest } from 'fastify';
import { LIMITS } from '#shared/limits.ts';
import { englishText } from '#shared/translate.ts';
import { badRequest } from './errors.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7E]+$/;
const KEY_MESSAGE = englishText(/*i18n*/ 'Idempotency-Key must be 1 to {max} visible ASCII characters', {
  max: LIMITS.idempotencyKeyMaxLength,
});

/** A request's `Idempotency-Key` (R-BOOKING), or undefined without one; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : undefined;
  if (key !== undefined && (key.length > LIMITS.idempotencyKeyMaxLength || !IDEMPOTENCY_KEY.test(key)))
    throw badRequest(KEY_MESSAGE, { 'Idempotency-Key': KEY_MESSAGE });
  return key;
}
