import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { merchants, user } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  MERCHANT_MESSAGES,
  type Merchant,
  type MerchantApplication,
  type MerchantList,
  type MerchantStatus,
  type PayoutMethod,
} from '#shared/merchant.ts';
import { balanceOf, balancesOf } from './ledger.ts';
import { checkRoutingNumber } from './routing-numbers.ts';

type MerchantRow = typeof merchants.$inferSelect;

function present(row: MerchantRow, email: string | null, balance: number): Merchant {
  return {
    id: row.id,
    email,
    businessName: row.businessName,
    pickupAddresses: row.pickupAddresses,
    payoutMethod: row.payoutMethod,
    status: row.status,
    refusalReason: row.refusalReason,
    appliedAt: row.appliedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    balance,
    confirmEveryCod: row.confirmEveryCod,
  };
}

const withEmail = { merchant: merchants, email: user.email };

/** The viewer's merchant account, whatever its standing, or undefined when they never applied. */
export async function ownMerchant(db: Database, userId: string): Promise<Merchant | undefined> {
  const [found] = await db
    .select(withEmail)
    .from(merchants)
    .leftJoin(user, eq(user.id, merchants.userId))
    .where(eq(merchants.userId, userId));
  return found && present(found.merchant, found.email, await balanceOf(db, found.merchant.id));
}

/** Where a merchant's money is paid, as their statements name it (issue 39). */
export async function payoutMethodOf(db: Database, merchantId: string): Promise<PayoutMethod | undefined> {
  const [found] = await db.select({ payoutMethod: merchants.payoutMethod }).from(merchants).where(eq(merchants.id, merchantId));
  return found?.payoutMethod;
}

/**
 * A customer applies (issue 30), or applies again after a refusal with corrected details; an account
 * waiting for a decision or already approved is a 409.
 */
export async function applyAsMerchant(db: Database, userId: string, application: MerchantApplication): Promise<Merchant> {
  await checkRoutingNumber(application.payoutMethod);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(merchants).where(eq(merchants.userId, userId)).for('update');
    if (current?.status === 'pending') throw conflict(MERCHANT_MESSAGES.alreadyApplied);
    if (current?.status === 'approved') throw conflict(MERCHANT_MESSAGES.alreadyApproved);
    const details = { ...application, status: 'pending' as const, refusalReason: null, decidedAt: null, decidedBy: null };
    if (current)
      await tx
        .update(merchants)
        .set({ ...details, appliedAt: sql`now()` })
        .where(eq(merchants.id, current.id));
    else await tx.insert(merchants).values({ userId, ...details });
  });
  return (await ownMerchant(db, userId)) as Merchant;
}

/**
 * Admins' list (issue 40): a page of accounts, applications waiting first, then the newest; `status` for
 * one standing. Keyset on the order's keys, the account `after` named by its id alone; the page's
 * balances in one grouped query (decision 122), not one query per account.
 */
export async function listMerchants(db: Database, query: { status?: MerchantStatus; after?: string }): Promise<MerchantList> {
  const { status, after } = query;
  // With one standing the index (status, applied_at, id) gives the order; across standings, waiting first.
  const keys = status
    ? sql`${merchants.appliedAt}, ${merchants.id}`
    : sql`${merchants.status} = 'pending', ${merchants.appliedAt}, ${merchants.id}`;
  const afterAccount = after ? sql`(${keys}) < (select ${keys} from ${merchants} where ${merchants.id} = ${after})` : undefined;
  const size = LIMITS.adminMerchantsPageSize;
  const rows = await db
    .select(withEmail)
    .from(merchants)
    .leftJoin(user, eq(user.id, merchants.userId))
    .where(and(status ? eq(merchants.status, status) : undefined, afterAccount))
    .orderBy(...(status ? [] : [sql`${merchants.status} = 'pending' desc`]), desc(merchants.appliedAt), desc(merchants.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const balances = await balancesOf(
    db,
    page.map((row) => row.merchant.id),
  );
  return {
    merchants: page.map((row) => present(row.merchant, row.email, balances.get(row.merchant.id) ?? 0)),
    next: rows.length > size ? (page.at(-1)?.merchant.id ?? null) : null,
  };
}

/** An admin's decision on a waiting application: approved, or refused with the reason the applicant reads. */
export async function decideOnMerchant(
  db: Database,
  merchantId: string,
  adminId: string,
  decision: { status: 'approved' } | { status: 'refused'; reason: string },
): Promise<Merchant> {
  const [decided] = await db
    .update(merchants)
    .set({
      status: decision.status,
      refusalReason: decision.status === 'refused' ? decision.reason : null,
      decidedAt: sql`now()`,
      decidedBy: adminId,
    })
    .where(and(eq(merchants.id, merchantId), eq(merchants.status, 'pending')))
    .returning();
  if (decided) {
    const [owner] = decided.userId ? await db.select({ email: user.email }).from(user).where(eq(user.id, decided.userId)) : [];
    return present(decided, owner?.email ?? null, await balanceOf(db, decided.id));
  }
  const [exists] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  throw exists ? conflict(MERCHANT_MESSAGES.notPending) : notFound(MERCHANT_MESSAGES.noMerchant);
}
