import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { apiKeys, merchants } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import { API_KEY_MESSAGES, type ApiKey, type apiKeyInputSchema, type NewApiKey } from '#shared/merchant-api.ts';
import { requireApprovedMerchant } from '../merchants/ledger.ts';

/** Every key's start: keys made before the sandbox are `sk_…` and still open the API as live keys. */
const KEY_PREFIX = 'sk_';
/** A new key says what it books (R-SANDBOX): `sk_live_…` or `sk_test_…`. */
const MODE_PREFIX = { live: 'sk_live_', test: 'sk_test_' } as const;
/** 32 random bytes: nobody guesses one, and only its hash is kept. */
const KEY_BYTES = 32;
/** How much of a key its list shows. */
const SHOWN_CHARACTERS = 7;
/** The last use is written at most this often: every call of a busy key writing it would cost more than it tells. */
const LAST_USED_EVERY = sql`interval '1 minute'`;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const present = (row: typeof apiKeys.$inferSelect): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  test: row.test,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * A new key for the merchant: answered once with the key; kept as its hash only. At most
 * LIMITS.merchantApiKeysMax live at once (issue 39 item 7, decision 107): the merchant's row is locked
 * while they are counted, so two made at once cannot both be the last.
 */
export async function createApiKey(
  db: Database,
  userId: string,
  { name, mode }: z.output<typeof apiKeyInputSchema>,
): Promise<NewApiKey> {
  const merchantId = await requireApprovedMerchant(db, userId);
  const start = MODE_PREFIX[mode];
  const key = `${start}${randomBytes(KEY_BYTES).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    const [live] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(apiKeys)
      .where(and(eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt)));
    if ((live?.count ?? 0) >= LIMITS.merchantApiKeysMax) throw conflict(API_KEY_MESSAGES.tooMany);
    const [saved] = await tx
      .insert(apiKeys)
      .values({
        merchantId,
        name,
        prefix: `${key.slice(0, start.length + SHOWN_CHARACTERS)}…`,
        hash: hashApiKey(key),
        test: mode === 'test',
      })
      .returning();
    return saved;
  });
  if (!row) throw new Error('an API key was not saved');
  return { ...present(row), key };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const merchantId = await requireApprovedMerchant(db, userId);
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchantId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(present);
}

/** Revokes one of the merchant's keys: refused from the next call on, on every instance (nothing is cached). */
export async function revokeApiKey(db: Database, userId: string, keyId: string): Promise<ApiKey> {
  const merchantId = await requireApprovedMerchant(db, userId);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.merchantId, merchantId)))
    .returning();
  if (!row) throw notFound(API_KEY_MESSAGES.noKey);
  return present(row);
}

/** The merchant a key calls for, and whether the key is a test key (R-SANDBOX). */
export interface KeyHolder {
  keyId: string;
  merchantId: string;
  userId: string;
  test: boolean;
}

/** Who calls with this bearer key: a key not revoked of an approved merchant whose owner still has an account. */
export async function keyHolder(db: Database, bearer: string): Promise<KeyHolder | undefined> {
  if (!bearer.startsWith(KEY_PREFIX)) return undefined;
  const [holder] = await db
    .select({ keyId: apiKeys.id, merchantId: merchants.id, userId: merchants.userId, test: apiKeys.test })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(and(eq(apiKeys.hash, hashApiKey(bearer)), isNull(apiKeys.revokedAt), eq(merchants.status, 'approved')));
  if (!holder?.userId) return undefined;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, holder.keyId),
        sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - ${LAST_USED_EVERY})`,
      ),
    );
  return { keyId: holder.keyId, merchantId: holder.merchantId, userId: holder.userId, test: holder.test };
}
