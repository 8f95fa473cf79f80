import { and, asc, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppendedSums } from '#server/db/appended-sums.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignments, merchantBalances, merchantLedger, merchants, payouts } from '#server/db/schema.ts';
import { forbidden } from '#server/http/errors.ts';
import type { FeePayment } from '#shared/consignment.ts';
import type { ConsignmentStatus } from '#shared/consignment-status.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  type LedgerKind,
  type LedgerLine,
  type LedgerPage,
  type LedgerPeriod,
  type LedgerQuery,
  MERCHANT_MESSAGES,
} from '#shared/merchant.ts';

/**
 * Public file of the merchants module: the COD ledger (issue 30) and who has one. The consignments
 * module posts a parcel's step here, in the step's transaction (the ledger reads and writes nothing
 * else of it); the merchant API asks here whether its caller is an approved merchant.
 */

/** The approved merchant account of a user, in a transaction, or undefined: only merchants have a ledger. */
export async function approvedMerchantOf(tx: Database | Transaction, userId: string | null): Promise<string | undefined> {
  if (!userId) return undefined;
  const [found] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.userId, userId), eq(merchants.status, 'approved')));
  return found?.id;
}

/**
 * The user's approved merchant account as a CTE named `merchant` (one `id`, or no row), for a statement
 * another module folds its whole request into (the recipient's record, decision 185).
 */
export function approvedMerchantStep(db: Database, userId: Placeholder | SQL) {
  return db.$with('merchant').as(
    db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.userId, userId), eq(merchants.status, 'approved'))),
  );
}

/** The viewer's approved merchant account, or 403: only merchants have a ledger, payouts and API keys. */
export async function requireApprovedMerchant(db: Database, userId: string): Promise<string> {
  const merchantId = await approvedMerchantOf(db, userId);
  if (!merchantId) throw forbidden(MERCHANT_MESSAGES.notMerchant);
  return merchantId;
}

/** What the merchant is owed now: every line not yet settled by a payout (decision 151). */
export async function balanceOf(db: Database | Transaction, merchantId: string): Promise<number> {
  return (await balancesOf(db, [merchantId])).get(merchantId) ?? 0;
}

/**
 * What each of a page of merchants is owed now: the sums the ledger's triggers keep (decision 151), a few
 * rows a merchant whatever its history or its week's deliveries; a merchant owed nothing is absent.
 */
export async function balancesOf(db: Database | Transaction, merchantIds: string[]): Promise<Map<string, number>> {
  if (merchantIds.length === 0) return new Map();
  const balance = sql<number>`sum(${merchantBalances.amount})`.mapWith(Number);
  const rows = await db
    .select({ merchantId: merchantBalances.merchantId, balance })
    .from(merchantBalances)
    .where(inArray(merchantBalances.merchantId, merchantIds))
    .groupBy(merchantBalances.merchantId)
    .having(sql`sum(${merchantBalances.amount}) <> 0`);
  return new Map(rows.map((row) => [row.merchantId, row.balance]));
}

/** The balances' fold: one row a merchant, the sums as they were (decision 151). */
export const MERCHANT_BALANCES: AppendedSums = {
  name: 'merchant balances',
  lockKey: 727_041,
  fold: sql`
    with folded as (delete from ${merchantBalances} returning merchant_id, amount)
    insert into ${merchantBalances} (merchant_id, amount)
    select merchant_id, sum(amount) from folded group by merchant_id having sum(amount) <> 0`,
};

/** What the ledger needs of a parcel that just moved. */
export interface ParcelForLedger {
  id: string;
  userId: string | null;
  status: ConsignmentStatus;
  codCollected: number | null;
  deliveryFee: number;
  codFee: number;
  feePayment: FeePayment;
}

/** Fees a delivery debits from the ledger: taken from the cash, or from the merchant's balance (decision 165). */
const FEES_FROM_LEDGER: readonly FeePayment[] = ['cod', 'account'];

/**
 * The lines a parcel's step books, in poisha: a delivery (whole or partial) credits the cash collected
 * and, when the fee was to come out of that cash or the merchant's balance, debits the delivery fee and
 * the COD fee (a parcel with no cash only debits: the balance may go negative and is netted at the next
 * payout, decision 165); a return debits the return charge, `returnChargePercent` of the delivery fee.
 * Other steps book nothing.
 */
export function ledgerLinesFor(parcel: ParcelForLedger, returnChargePercent: number): { kind: LedgerKind; amount: number }[] {
  const lines: { kind: LedgerKind; amount: number }[] = [];
  if (parcel.status === 'delivered' || parcel.status === 'partially_delivered') {
    if (parcel.codCollected) lines.push({ kind: 'cod_collected', amount: parcel.codCollected });
    if (FEES_FROM_LEDGER.includes(parcel.feePayment)) {
      lines.push({ kind: 'delivery_fee', amount: -parcel.deliveryFee });
      if (parcel.codFee > 0) lines.push({ kind: 'cod_fee', amount: -parcel.codFee });
    }
  }
  if (parcel.status === 'returned') {
    const charge = Math.round((parcel.deliveryFee * returnChargePercent) / 100);
    if (charge > 0) lines.push({ kind: 'return_charge', amount: -charge });
  }
  return lines.filter((line) => line.amount !== 0);
}

/** Books a parcel's step for its sender when the sender is an approved merchant, in the step's transaction. */
export async function postParcelToLedger(tx: Transaction, parcel: ParcelForLedger, returnChargePercent: number): Promise<void> {
  const lines = ledgerLinesFor(parcel, returnChargePercent);
  if (lines.length === 0) return;
  const merchantId = await approvedMerchantOf(tx, parcel.userId);
  if (!merchantId) return;
  await tx.insert(merchantLedger).values(lines.map((line) => ({ ...line, merchantId, consignmentId: parcel.id })));
}

/**
 * A return request's charge (R-RETURN-REQUESTS, decision 163), debited when its item is returned to the
 * merchant, in that move's transaction: one line per parcel and kind, as every charge (decision 129's key).
 */
export async function postReturnRequestCharge(
  tx: Transaction,
  request: { consignmentId: string; userId: string | null; charge: number },
): Promise<void> {
  if (request.charge === 0) return;
  const merchantId = await approvedMerchantOf(tx, request.userId);
  if (!merchantId) return;
  await tx.insert(merchantLedger).values({
    merchantId,
    consignmentId: request.consignmentId,
    kind: 'return_request_charge',
    amount: -request.charge,
  });
}

/**
 * Lines of one merchant, optionally between two of the shop's calendar days (both included), or of one
 * payout. The days become instants once, in the query's constants (`day::timestamp AT TIME ZONE zone` is
 * the zone's midnight, summer time included), so the column is compared bare and the index
 * `(merchant_id, created_at, id)` serves the range (issue 40: the local date of every line was computed
 * and none could be skipped).
 */
function linesWhere(merchantId: string, filter: LedgerPeriod & { payoutId?: string }, timeZone: string) {
  const midnight = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
  return and(
    eq(merchantLedger.merchantId, merchantId),
    filter.from ? sql`${merchantLedger.createdAt} >= ${midnight(filter.from)}` : undefined,
    filter.to ? sql`${merchantLedger.createdAt} < ${midnight(filter.to)} + interval '1 day'` : undefined,
    filter.payoutId ? eq(merchantLedger.payoutId, filter.payoutId) : undefined,
  );
}

/** Newest first (the ledger's pages), or oldest first (statements, and the page of newer lines). */
type Order = 'newest' | 'oldest';

/**
 * The lines past one line in `order`: keyset on (created_at, id), the line named by its id alone, so a
 * page costs the same deep in a year as on top (issue 40: OFFSET read and dropped every line before it);
 * another merchant's line bounds nothing.
 */
function pastLine(merchantId: string, lineId: number, order: Order) {
  const line = sql`(select ${merchantLedger.createdAt}, ${merchantLedger.id} from ${merchantLedger}
    where ${merchantLedger.id} = ${lineId} and ${merchantLedger.merchantId} = ${merchantId})`;
  return order === 'newest'
    ? sql`(${merchantLedger.createdAt}, ${merchantLedger.id}) < ${line}`
    : sql`(${merchantLedger.createdAt}, ${merchantLedger.id}) > ${line}`;
}

async function readLines(db: Database, where: ReturnType<typeof linesWhere>, order: Order, limit: number): Promise<LedgerLine[]> {
  const direction = order === 'newest' ? desc : asc;
  const rows = await db
    .select({
      id: merchantLedger.id,
      kind: merchantLedger.kind,
      amount: merchantLedger.amount,
      trackingCode: consignments.trackingCode,
      merchantInvoice: consignments.merchantInvoice,
      note: merchantLedger.note,
      createdAt: merchantLedger.createdAt,
      payoutNumber: payouts.number,
    })
    .from(merchantLedger)
    .leftJoin(consignments, eq(consignments.id, merchantLedger.consignmentId))
    .leftJoin(payouts, eq(payouts.id, merchantLedger.payoutId))
    .where(where)
    .orderBy(direction(merchantLedger.createdAt), direction(merchantLedger.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    trackingCode: row.trackingCode,
    merchantInvoice: row.merchantInvoice,
    note: row.note,
    at: row.createdAt.toISOString(),
    payout: row.payoutNumber === null ? null : payoutNumber(row.payoutNumber),
  }));
}

/** "PO-5001": how merchants and admins name a payout. */
export const payoutNumber = (number: number) => `PO-${number}`;

/**
 * `GET /api/merchant/ledger`: a page of lines, newest first, older than `before` or newer than `after`
 * (the newest page without either), the lines naming the pages next to it, and the balance owed now.
 * One line more than the page is read to know whether there is a page beyond; nothing is counted.
 */
export async function ledgerPage(db: Database, merchantId: string, query: LedgerQuery, timeZone: string): Promise<LedgerPage> {
  const size = LIMITS.ledgerPageSize;
  const period = linesWhere(merchantId, query, timeZone);
  const balance = await balanceOf(db, merchantId);
  if (query.after !== undefined) {
    const newer = await readLines(db, and(period, pastLine(merchantId, query.after, 'oldest')), 'oldest', size + 1);
    const lines = newer.slice(0, size).reverse();
    return { lines, newer: newer.length > size ? (lines[0]?.id ?? null) : null, older: lines.at(-1)?.id ?? null, balance };
  }
  const where = query.before === undefined ? period : and(period, pastLine(merchantId, query.before, 'newest'));
  const older = await readLines(db, where, 'newest', size + 1);
  const lines = older.slice(0, size);
  return {
    lines,
    newer: query.before === undefined ? null : (lines[0]?.id ?? null),
    older: older.length > size ? (lines.at(-1)?.id ?? null) : null,
    balance,
  };
}

/** Lines a statement reads at a time (issue 39): a few pages of its PDF, however long its period. */
const STATEMENT_PAGE_ROWS = 500;

/**
 * A statement's lines (issue 30): a period's or one payout's, oldest first, read a page of rows at a time
 * as the file is written (issue 39), keyset on (created_at, id) along the index the period uses (issue 40).
 */
export async function* statementLines(
  db: Database,
  merchantId: string,
  filter: LedgerPeriod & { payoutId?: string },
  timeZone: string,
): AsyncGenerator<LedgerLine> {
  const where = linesWhere(merchantId, filter, timeZone);
  for (let after: number | undefined; ; ) {
    const lines = await readLines(
      db,
      after === undefined ? where : and(where, pastLine(merchantId, after, 'oldest')),
      'oldest',
      STATEMENT_PAGE_ROWS,
    );
    yield* lines;
    const last = lines.at(-1);
    if (!last || lines.length < STATEMENT_PAGE_ROWS) return;
    after = last.id;
  }
}
