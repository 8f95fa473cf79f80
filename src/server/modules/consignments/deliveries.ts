import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { consignments, user } from '#server/db/schema.ts';
import { badRequest, conflict, forbidden, HttpError } from '#server/http/errors.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { HANDOVER_PHOTO_FIELD } from '#shared/handover-photo.ts';
import { LIMITS } from '#shared/limits.ts';
import { formatMoney } from '#shared/locale-format.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { type DeliveryOutcome, PROOF_MESSAGES, type RunParcel, TRACKING_MESSAGES } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { englishText } from '#shared/translate.ts';
import { namedPlace } from '../areas/places.ts';
import { addressQualityOf, type ConsignmentRow } from './consignment-row.ts';
import { answerOnce, requestHash } from './idempotent-answer.ts';
import { applyMove, lockConsignment, sameDeliveryCode } from './moves.ts';
import { type MoveContext, trackingChanged } from './parcel-moved.ts';
import type { CodeSeal } from './sealed-codes.ts';

export const DELIVERY_MESSAGES = {
  notOnRun: /*i18n*/ 'This parcel is not out for delivery with you.',
  noSuchRider: /*i18n*/ 'No rider has this email: an admin gives the rider role on Make Admin.',
  codeLocked: englishText(
    /*i18n*/ 'The delivery code was typed wrong {tries} times and is locked: bring the parcel back to the hub.',
    { tries: LIMITS.deliveryCodeTries },
  ),
  codeExpired: /*i18n*/ 'This delivery code ended with the day it was sent: the parcel goes out again with a new one.',
  wrongCode: (left: number) => englishText(/*i18n*/ 'That is not the recipient’s code: {left} tries left.', { left }),
  wholeCash: (cash: string) =>
    englishText(/*i18n*/ 'A delivery collects the whole cash to collect, {cash}: record less as a partial delivery.', { cash }),
  tooMuchCash: (cash: string) =>
    englishText(/*i18n*/ 'The cash collected cannot be more than the cash to collect, {cash}.', { cash }),
} as const;

/** A staff account that may take parcels out: a rider's id, by email. */
export async function riderIdByEmail(context: { db: Database }, email: string): Promise<string> {
  const [rider] = await context.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email.toLowerCase()), eq(user.role, 'rider')))
    .limit(1);
  if (!rider) throw badRequest(DELIVERY_MESSAGES.noSuchRider, { rider: DELIVERY_MESSAGES.noSuchRider });
  return rider.id;
}

/** The riders an operator may send parcels out with. */
export function listRiders(context: MoveContext): Promise<{ email: string; name: string }[]> {
  return context.db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.role, 'rider'))
    .orderBy(asc(user.name));
}

/** `GET /api/rider/run`: the parcels out for delivery with this rider, in the order they went out. */
export async function riderRun(context: MoveContext, riderId: string): Promise<RunParcel[]> {
  const rows = await context.db
    .select()
    .from(consignments)
    .where(and(eq(consignments.riderId, riderId), eq(consignments.status, 'out_for_delivery')))
    .orderBy(asc(consignments.statusChangedAt), asc(consignments.trackingCode))
    .limit(LIMITS.parcelsPageSize);
  return rows.map((row) => ({
    trackingCode: row.trackingCode,
    service: row.service,
    recipient: {
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.recipientAddress,
      area: namedPlace(row.recipientAreaId),
    },
    codAmount: row.codAmount,
    attempt: row.deliveryAttempts,
    note: row.note,
    ...addressQualityOf(row),
  }));
}

const taka = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, 'en');

/**
 * The recipient's code of an outcome: typed, or sealed by the rider app (R-RIDER-OFFLINE), opened here.
 * A sealed code this server cannot open, or that holds no 6-digit code, is a 400 that counts no try.
 */
export function openedCode(seal: CodeSeal, outcome: { code?: string; sealedCode?: string }): string | undefined {
  if (outcome.sealedCode === undefined) return outcome.code;
  const opened = seal.open(outcome.sealedCode);
  if (opened === undefined || !/^\d{6}$/.test(opened))
    throw badRequest(PROOF_MESSAGES.sealedCodeUnreadable, { code: PROOF_MESSAGES.sealedCodeUnreadable });
  return opened;
}

/** What a rider's outcome answers; kept for its `Idempotency-Key`, a refusal too (R-RIDER-OFFLINE). */
export type DeliveryAnswer =
  | { trackingCode: string; status: ConsignmentRow['status'] }
  | { refused: { status: number; code: ErrorCode; message: string; fields?: Record<string, string> } };

/**
 * The outcome as an `Idempotency-Key` holds it: its fields, and the handover photo by its bytes (the
 * stored copy's name is new on every upload).
 */
export function deliveryRequestHash(trackingCode: string, outcome: DeliveryOutcome<Buffer | undefined>): string {
  const photo = outcome.outcome === 'failed' ? undefined : outcome[HANDOVER_PHOTO_FIELD];
  return requestHash({
    trackingCode,
    ...outcome,
    [HANDOVER_PHOTO_FIELD]: photo && createHash('sha256').update(photo).digest('hex'),
  });
}

/**
 * A rider's outcome for a parcel on their run (R-PROOF-OF-DELIVERY), one transaction on the locked
 * parcel. A delivery is proved by the recipient's code, which ends with its day and locks after
 * LIMITS.deliveryCodeTries wrong tries (a wrong try is counted, committed, before it is refused), or
 * by a photo of the handover, already stored under `handoverPhoto`, with the name of who took it. A
 * locked code refuses the photo too: someone guessed, and the parcel goes back to the hub.
 *
 * With an `Idempotency-Key` (the rider app's queue sends one with every outcome it kept offline,
 * R-RIDER-OFFLINE) the first answer is kept, a wrong code's refusal included, and the same outcome sent
 * again gets it with nothing applied or counted twice; `replayed` says so, and its new photo is not needed.
 */
export async function recordDelivery(
  context: MoveContext,
  rider: { userId: string; admin: boolean },
  typedCode: string,
  outcome: DeliveryOutcome<string>,
  idempotency?: { key: string; hash: string },
  now = new Date(),
): Promise<{ answer: DeliveryAnswer; replayed: boolean }> {
  const trackingCode = readTrackingCode(typedCode);
  if (!trackingCode) throw new HttpError(404, 'not_found', TRACKING_MESSAGES.notFound);
  const { db, rules } = context;
  let replayed = true;
  const answer = await db.transaction((tx) =>
    answerOnce(tx, rider.userId, idempotency?.key, idempotency?.hash ?? '', async (): Promise<DeliveryAnswer> => {
      replayed = false;
      const row = await lockConsignment(tx, trackingCode);
      if (row.status !== 'out_for_delivery') throw conflict(DELIVERY_MESSAGES.notOnRun);
      if (row.riderId !== rider.userId && !rider.admin) throw forbidden(DELIVERY_MESSAGES.notOnRun);
      if (outcome.outcome === 'failed')
        return movedAnswer(
          await applyMove(db, tx, row, { to: 'delivery_failed', reason: outcome.reason, actorId: rider.userId }, rules, now),
        );
      if (row.deliveryCodeTries >= LIMITS.deliveryCodeTries) throw conflict(DELIVERY_MESSAGES.codeLocked);
      if (outcome.code !== undefined) {
        if (!row.deliveryCodeExpiresAt || row.deliveryCodeExpiresAt <= now) throw conflict(DELIVERY_MESSAGES.codeExpired);
        if (!sameDeliveryCode(row, outcome.code)) {
          const tries = row.deliveryCodeTries + 1;
          await tx.update(consignments).set({ deliveryCodeTries: tries }).where(eq(consignments.id, row.id));
          const left = LIMITS.deliveryCodeTries - tries;
          const message = left > 0 ? DELIVERY_MESSAGES.wrongCode(left) : DELIVERY_MESSAGES.codeLocked;
          return refusedAnswer(left > 0 ? badRequest(message, { code: message }) : conflict(message));
        }
      }
      if (outcome.outcome === 'delivered' && outcome.codCollected !== row.codAmount) {
        const message = DELIVERY_MESSAGES.wholeCash(taka(row.codAmount));
        throw badRequest(message, { codCollected: message });
      }
      if (outcome.codCollected > row.codAmount) {
        const message = DELIVERY_MESSAGES.tooMuchCash(taka(row.codAmount));
        throw badRequest(message, { codCollected: message });
      }
      const moved = await applyMove(
        db,
        tx,
        row,
        {
          to: outcome.outcome === 'delivered' ? 'delivered' : 'partially_delivered',
          actorId: rider.userId,
          codCollected: outcome.codCollected,
          ...(outcome.outcome === 'partial' ? { deliveryNote: outcome.handedOver } : {}),
          receivedBy: outcome.receivedBy,
          handoverPhoto: outcome[HANDOVER_PHOTO_FIELD],
        },
        rules,
        now,
      );
      return movedAnswer(moved);
    }),
  );
  if (!replayed && 'trackingCode' in answer) trackingChanged(context.publicReads, answer.trackingCode);
  return { answer, replayed };
}

const movedAnswer = (row: ConsignmentRow): DeliveryAnswer => ({ trackingCode: row.trackingCode, status: row.status });

/** A wrong code's refusal, committed with the try it counts, then answered (the route throws it). */
const refusedAnswer = (error: HttpError): DeliveryAnswer => ({
  refused: {
    status: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  },
});
