import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { consignments, returnRequestEvents, returnRequests } from '#server/db/schema.ts';
import { CURSOR_SHAPES, readCursor, writeCursor } from '#server/http/keyset-cursor.ts';
import { OPEN_RETURN_REQUEST_STATUSES, type ReturnRequestStatus } from '#shared/return-request.ts';

export type ReturnRequestRow = typeof returnRequests.$inferSelect;
/** A request with what its answers say of its parcel. */
export type ReturnRequestWithParcel = ReturnRequestRow & { trackingCode: string; merchantInvoice: string | null };

const withParcel = {
  request: returnRequests,
  trackingCode: consignments.trackingCode,
  merchantInvoice: consignments.merchantInvoice,
  createdAtText: sql<string>`${returnRequests.createdAt}::text`,
};
const joined = (row: { request: ReturnRequestRow; trackingCode: string; merchantInvoice: string | null }) => ({
  ...row.request,
  trackingCode: row.trackingCode,
  merchantInvoice: row.merchantInvoice,
});

/** Whether the parcel's item was brought back by a request already: its ledger line is once per parcel. */
export async function hasReturnedRequest(tx: Transaction, consignmentId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .where(and(eq(returnRequests.consignmentId, consignmentId), eq(returnRequests.status, 'returned_to_merchant')))
    .limit(1);
  return found !== undefined;
}

/** The parcel a request is asked for, locked until the transaction ends: asks for one parcel take turns. */
export async function lockParcel(tx: Transaction, consignmentId: string) {
  const [row] = await tx.select().from(consignments).where(eq(consignments.id, consignmentId)).for('update').limit(1);
  return row;
}

export async function insertReturnRequest(
  tx: Transaction,
  values: typeof returnRequests.$inferInsert,
): Promise<ReturnRequestRow> {
  const [row] = await tx.insert(returnRequests).values(values).returning();
  if (!row) throw new Error('a return request was not inserted');
  await recordReturnEvent(tx, row.id, row.status, values.userId ?? null);
  return row;
}

export async function recordReturnEvent(
  tx: Transaction,
  returnRequestId: string,
  status: ReturnRequestStatus,
  actorId: string | null,
  note?: string,
): Promise<void> {
  await tx.insert(returnRequestEvents).values({ returnRequestId, status, actorId, note: note ?? null });
}

/** One request with its parcel, locked until the transaction ends when `tx` is given. */
export async function lockReturnRequest(tx: Transaction, id: string): Promise<ReturnRequestWithParcel | undefined> {
  const [row] = await tx
    .select(withParcel)
    .from(returnRequests)
    .innerJoin(consignments, eq(consignments.id, returnRequests.consignmentId))
    .where(eq(returnRequests.id, id))
    .for('update', { of: returnRequests })
    .limit(1);
  return row && joined(row);
}

export async function findReturnRequest(db: Database, id: string): Promise<ReturnRequestWithParcel | undefined> {
  const [row] = await db
    .select(withParcel)
    .from(returnRequests)
    .innerJoin(consignments, eq(consignments.id, returnRequests.consignmentId))
    .where(eq(returnRequests.id, id))
    .limit(1);
  return row && joined(row);
}

export async function setReturnStatus(
  tx: Transaction,
  id: string,
  status: ReturnRequestStatus,
  failureReason: string | undefined,
): Promise<ReturnRequestRow> {
  const [row] = await tx
    .update(returnRequests)
    .set({ status, statusChangedAt: sql`now()`, ...(failureReason ? { failureReason } : {}) })
    .where(eq(returnRequests.id, id))
    .returning();
  if (!row) throw new Error('a locked return request was not updated');
  return row;
}

/** A keyset page of requests newest first on (created_at, id), below `cursor` (decision 126's cursors). */
export async function returnRequestPage(
  db: Database,
  filter: { userId?: string; test?: boolean; status?: ReturnRequestStatus; open?: boolean; consignmentId?: string },
  cursor: string | undefined,
  size: number,
): Promise<{ rows: ReturnRequestWithParcel[]; next: string | null }> {
  const below = cursor
    ? (() => {
        const [at, id] = readCursor(cursor, [CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid]);
        return sql`(${returnRequests.createdAt}, ${returnRequests.id}) < (${at}::timestamptz, ${id}::uuid)`;
      })()
    : undefined;
  const found = await db
    .select(withParcel)
    .from(returnRequests)
    .innerJoin(consignments, eq(consignments.id, returnRequests.consignmentId))
    .where(
      and(
        filter.userId === undefined ? undefined : eq(returnRequests.userId, filter.userId),
        filter.test === undefined ? undefined : eq(returnRequests.test, filter.test),
        filter.status === undefined ? undefined : eq(returnRequests.status, filter.status),
        filter.open ? inArray(returnRequests.status, [...OPEN_RETURN_REQUEST_STATUSES]) : undefined,
        filter.consignmentId === undefined ? undefined : eq(returnRequests.consignmentId, filter.consignmentId),
        below,
      ),
    )
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(joined),
    next: found.length > size && last ? writeCursor([last.createdAtText, last.request.id]) : null,
  };
}
