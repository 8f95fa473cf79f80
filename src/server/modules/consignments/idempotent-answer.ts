import { createHash } from 'node:crypto';
import type { Transaction } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { claimIdempotencyKey, findIdempotencyKey, keepIdempotentAnswer } from './repository.ts';

const KEY_REUSED = /*i18n*/ 'This Idempotency-Key was already used for a different booking: use a new key for a new parcel.';

/** The same request, whatever order its fields came in: what an `Idempotency-Key` is held to. */
export function requestHash(request: unknown): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, inner]) => inner !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, inner]) => [key, sorted(inner)]),
        )
      : value;
  return createHash('sha256')
    .update(JSON.stringify(sorted(request)))
    .digest('hex');
}

/**
 * A booking's answer made once for its `Idempotency-Key` (R-BOOKING), in the booking's transaction: the
 * first request with a key books and its answer is kept; the same request again is given that answer and
 * books nothing; another request with the key is refused (422). Without a key, `book` simply books.
 */
export async function answerOnce<Answer>(
  tx: Transaction,
  userId: string,
  idempotencyKey: string | undefined,
  hash: string,
  book: () => Promise<Answer>,
): Promise<Answer> {
  if (idempotencyKey && !(await claimIdempotencyKey(tx, userId, idempotencyKey, hash))) {
    const first = await findIdempotencyKey(tx, userId, idempotencyKey);
    if (first?.requestHash !== hash) throw new HttpError(422, 'idempotency_key_reused', KEY_REUSED);
    if (first.answer) return first.answer as Answer;
  }
  const answer = await book();
  if (idempotencyKey) await keepIdempotentAnswer(tx, userId, idempotencyKey, answer);
  return answer;
}
