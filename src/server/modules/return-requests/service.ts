import type { Viewer } from '#server/auth/plugin.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  type NewReturnRequest,
  nextReturnStatus,
  RETURN_REQUEST_MESSAGES,
  type ReturnRequest,
  type ReturnRequestMove,
  type ReturnRequestPage,
  type ReturnRequestStatus,
  type ReturnRequestsQuery,
  returnMoveProblem,
} from '#shared/return-request.ts';
import { answerOnce, readOwnConsignment, requestHash } from '../consignments/service.ts';
import { approvedMerchantOf, postReturnRequestCharge } from '../merchants/ledger.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';
import {
  findReturnRequest,
  hasReturnedRequest,
  insertReturnRequest,
  lockParcel,
  lockReturnRequest,
  type ReturnRequestWithParcel,
  recordReturnEvent,
  returnRequestPage,
  setReturnStatus,
} from './repository.ts';

/**
 * Public file of the return-requests module (issue 41, R-RETURN-REQUESTS, decision 163): a merchant asks
 * for a delivered parcel's item back (a return, or an exchange), staff or the sandbox move the request
 * along its own table of moves, and its charge is debited once, when the item is returned to the merchant.
 */

/** Who asks: the parcel's sender; an API key says whether it is a test key (R-SANDBOX). */
export type ReturnRequester = Pick<Viewer, 'userId'> & { test?: boolean };

/** The statuses of a parcel whose item can be asked back: it reached its recipient, whole or in part. */
const DELIVERED = ['delivered', 'partially_delivered'];

export function presentReturnRequest(row: ReturnRequestWithParcel): ReturnRequest {
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    merchantInvoice: row.merchantInvoice,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    pickupNote: row.pickupNote,
    pickupPhone: row.pickupPhone,
    failureReason: row.failureReason,
    charge: row.charge,
    test: row.test,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
  };
}

/**
 * Asks for a parcel's item back, in one transaction holding the parcel: its sender only (another's parcel
 * 404), a delivered one only (409), at most one request on its way (409; the partial unique index refuses
 * the loser of a race too), and never again once an item came back (its charge is once per parcel).
 * The charge is fixed now, `returnChargePercent` of the parcel's delivery fee, in poisha. With an
 * `Idempotency-Key`, a repeat answers the first request (R-MERCHANT-API's rule for bookings).
 */
export async function askReturnRequest(
  db: Database,
  rules: { returnChargePercent: number },
  asker: ReturnRequester,
  trackingCode: string,
  asked: NewReturnRequest,
  idempotencyKey?: string,
): Promise<ReturnRequest> {
  const parcel = await readOwnConsignment(db, asker, trackingCode, async () => false);
  const hash = requestHash({ returnRequestOf: parcel.trackingCode, ...asked });
  try {
    return await db.transaction((tx) =>
      answerOnce(tx, asker.userId, idempotencyKey, hash, async () => {
        const locked = await lockParcel(tx, parcel.id);
        if (!locked || !DELIVERED.includes(locked.status)) throw conflict(RETURN_REQUEST_MESSAGES.notDelivered);
        if (await hasReturnedRequest(tx, locked.id)) throw conflict(RETURN_REQUEST_MESSAGES.alreadyReturned);
        const row = await insertReturnRequest(tx, {
          consignmentId: locked.id,
          userId: asker.userId,
          kind: asked.kind,
          reason: asked.reason,
          pickupNote: asked.pickupNote ?? null,
          pickupPhone: asked.pickupPhone ?? null,
          charge: Math.round((locked.deliveryFee * rules.returnChargePercent) / 100),
          test: locked.test,
        });
        return presentReturnRequest({ ...row, trackingCode: locked.trackingCode, merchantInvoice: locked.merchantInvoice });
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'return_requests_one_open_per_parcel')) throw conflict(RETURN_REQUEST_MESSAGES.alreadyOpen);
    throw error;
  }
}

/** One of the asker's requests (a test key's of test parcels only, R-SANDBOX); another's 404, as none. */
export async function readReturnRequest(db: Database, asker: ReturnRequester, id: string): Promise<ReturnRequest> {
  const row = await findReturnRequest(db, id);
  if (!row || row.userId !== asker.userId || (asker.test !== undefined && row.test !== asker.test))
    throw notFound(RETURN_REQUEST_MESSAGES.notFound);
  return presentReturnRequest(row);
}

/** The asker's requests, newest first, a page at a time, by status or all. */
export async function listReturnRequests(
  db: Database,
  asker: ReturnRequester,
  query: ReturnRequestsQuery,
): Promise<ReturnRequestPage> {
  const page = await returnRequestPage(
    db,
    { userId: asker.userId, test: asker.test, status: query.status },
    query.cursor,
    LIMITS.parcelsPageSize,
  );
  return { returnRequests: page.rows.map(presentReturnRequest), next: page.next };
}

/** A parcel's requests, newest first, for its page on the website: its sender's (or staff's) only. */
export async function parcelReturnRequests(
  db: Database,
  viewer: ReturnRequester,
  trackingCode: string,
  isStaff: (userId: string) => Promise<boolean>,
): Promise<ReturnRequest[]> {
  const parcel = await readOwnConsignment(db, viewer, trackingCode, isStaff);
  const page = await returnRequestPage(db, { consignmentId: parcel.id }, undefined, LIMITS.parcelsPageSize);
  return page.rows.map(presentReturnRequest);
}

/** Staff's list: the requests on their way, newest first, test ones never (R-SANDBOX). */
export async function openReturnRequests(db: Database, cursor: string | undefined): Promise<ReturnRequestPage> {
  const page = await returnRequestPage(db, { open: true, test: false }, cursor, LIMITS.parcelsPageSize);
  return { returnRequests: page.rows.map(presentReturnRequest), next: page.next };
}

/**
 * Moves a locked request as the table allows (409 saying why otherwise), in the caller's transaction: its
 * event, its charge debited when the item is back with a real merchant (never for a test parcel), and the
 * merchant's endpoints told, sent once the transaction commits (R-WEBHOOKS).
 */
async function applyReturnMove(
  tx: Transaction,
  row: ReturnRequestWithParcel,
  to: ReturnRequestStatus,
  actorId: string | null,
  failureReason?: string,
): Promise<ReturnRequestWithParcel> {
  const problem = returnMoveProblem(row.status, to);
  if (problem) throw conflict(problem);
  if (to === 'failed' && !failureReason)
    throw badRequest(RETURN_REQUEST_MESSAGES.failureReason, { failureReason: RETURN_REQUEST_MESSAGES.failureReason });
  const moved = {
    ...(await setReturnStatus(tx, row.id, to, failureReason)),
    trackingCode: row.trackingCode,
    merchantInvoice: row.merchantInvoice,
  };
  await recordReturnEvent(tx, row.id, to, actorId, failureReason);
  if (to === 'returned_to_merchant' && !moved.test) await postReturnRequestCharge(tx, moved);
  const merchantId = await approvedMerchantOf(tx, moved.userId);
  if (merchantId)
    await queueWebhookEvent(tx, {
      merchantId,
      type: 'return_request.status_changed',
      orderingKey: moved.id,
      data: {
        id: moved.id,
        trackingCode: moved.trackingCode,
        merchantInvoice: moved.merchantInvoice,
        kind: moved.kind,
        status: moved.status,
        previousStatus: row.status,
        failureReason: moved.failureReason,
        at: moved.statusChangedAt.toISOString(),
        test: moved.test,
      },
    });
  return moved;
}

/** The merchant cancels its own request before the item is collected (409 after); nothing is charged. */
export async function cancelReturnRequest(db: Database, asker: ReturnRequester, id: string): Promise<ReturnRequest> {
  return db.transaction(async (tx) => {
    const row = await lockReturnRequest(tx, id);
    if (!row || row.userId !== asker.userId || (asker.test !== undefined && row.test !== asker.test))
      throw notFound(RETURN_REQUEST_MESSAGES.notFound);
    return presentReturnRequest(await applyReturnMove(tx, row, 'cancelled', asker.userId));
  });
}

/**
 * Staff (operators, admins) move a real request: to the status named, or its next on the way. A test
 * parcel's request is the sandbox's to move, as a test parcel is (404 to staff).
 */
export async function moveReturnRequest(
  db: Database,
  staff: { userId: string },
  id: string,
  asked: ReturnRequestMove,
): Promise<ReturnRequest> {
  return db.transaction(async (tx) => {
    const row = await lockReturnRequest(tx, id);
    if (!row || row.test) throw notFound(RETURN_REQUEST_MESSAGES.notFound);
    const to = asked.to ?? nextReturnStatus(row.status);
    if (!to) throw conflict(RETURN_REQUEST_MESSAGES.atTheEnd(row.status));
    return presentReturnRequest(await applyReturnMove(tx, row, to, staff.userId, asked.failureReason));
  });
}

/**
 * The sandbox (R-SANDBOX): a test key moves its own test parcel's request as staff would move a real one,
 * firing the same signed webhook; a failure says "unreachable" when not said. A live request 404.
 */
export async function advanceTestReturnRequest(
  db: Database,
  asker: { userId: string },
  id: string,
  asked: ReturnRequestMove,
): Promise<ReturnRequest> {
  return db.transaction(async (tx) => {
    const row = await lockReturnRequest(tx, id);
    if (!row || row.userId !== asker.userId || !row.test) throw notFound(RETURN_REQUEST_MESSAGES.notFound);
    const to = asked.to ?? nextReturnStatus(row.status);
    if (!to) throw conflict(RETURN_REQUEST_MESSAGES.atTheEnd(row.status));
    const failureReason = to === 'failed' ? (asked.failureReason ?? 'unreachable') : undefined;
    return presentReturnRequest(await applyReturnMove(tx, row, to, null, failureReason));
  });
}
