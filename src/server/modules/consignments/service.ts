import type { Viewer } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import type { consignments } from '#server/db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors.ts';
import type { Translators } from '#server/i18n/catalogues.ts';
import { checkAddress } from '#shared/address-quality.ts';
import {
  apiLabelPath,
  type Booking,
  type Consignment,
  type ConsignmentRequest,
  type FeePayment,
  handoverPhotoPath,
  labelPath,
  type PickupParty,
  trackingPath,
} from '#shared/consignment.ts';
import { parcelMoveProblem } from '#shared/consignment-status.ts';
import { LIMITS } from '#shared/limits.ts';
import type { Locale } from '#shared/locale.ts';
import { formatMoney } from '#shared/locale-format.ts';
import type { ParcelsPage, SendersParcelsFilter } from '#shared/parcel-lists.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { STORE_MESSAGES } from '#shared/store.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { englishText } from '#shared/translate.ts';
import { areaNames, namedPlace } from '../areas/places.ts';
import { zoneBetween } from '../areas/zones.ts';
import { approvedMerchantOf } from '../merchants/ledger.ts';
import { quoteOptions } from '../rates/quote.ts';
import type { RateCardInForce, RateCards } from '../rates/rate-card-store.ts';
import { findAreas } from '../rates/service.ts';
import { askRecipientAtBooking, openConfirmations } from '../recipient-confirmations/service.ts';
import { pickupStores, type StoreRow, storeRefused } from '../stores/service.ts';
import { holdBookingBudget } from './booking-budget.ts';
import { addressQualityOf, type ConsignmentRow, findConsignment } from './consignment-row.ts';
import { answerOnce, requestHash } from './idempotent-answer.ts';
import { consignmentLabel } from './label.ts';
import { type MoveNotice, recordBooked } from './moves.ts';
import { parcelNotices } from './notifications.ts';
import { parcelsPage, sendersParcels } from './parcel-lists.ts';
import { type MoveContext, moveParcel } from './parcel-moved.ts';
import { INVOICE_UNIQUE, insertConsignment, parcelWithInvoice } from './repository.ts';
import { newTrackingCode } from './tracking-code.ts';

// A rider found by email, for the pickups a rider is sent to (R-PICKUPS-AHEAD) as for the parcels.
export { riderIdByEmail } from './deliveries.ts';
// An Idempotency-Key's first answer (R-BOOKING), for the merchant API's other doors.
export { answerOnce, requestHash } from './idempotent-answer.ts';
// The context a parcel moves in, for the merchant API's cancel (issue 41): the website's own.
export { type MoveContext, moveContext } from './parcel-moved.ts';
// The sandbox's move of a test parcel (R-SANDBOX), for the merchant API.
export { advanceTestParcel } from './sandbox.ts';

export const CONSIGNMENT_MESSAGES = {
  notFound: /*i18n*/ 'No parcel of yours has this tracking code.',
  invoiceNotFound: /*i18n*/ 'No parcel of yours has this invoice number.',
  cancelledNoLabel: /*i18n*/ 'This parcel was cancelled: it has no label to print.',
  pickupMissing: /*i18n*/ 'Give the pickup address: where the rider collects the parcel.',
  codForMerchants:
    /*i18n*/ 'Cash on delivery is for approved merchant accounts: apply as a merchant on the Merchant page, or book with no cash to collect.',
  codTooSmall: (total: string) =>
    englishText(/*i18n*/ 'The cash to collect must cover the fee ({total}) for the fee to be taken from it.', { total }),
  invoiceTaken: (invoice: string, trackingCode: string) =>
    englishText(
      /*i18n*/ 'Invoice {invoice} is already on your parcel {trackingCode}: give this parcel another invoice number, or cancel that one first.',
      { invoice, trackingCode },
    ),
} as const;

/** The 409 of a second parcel with a sender's invoice number (R-BOOKING): it names the parcel that has it. */
export const invoiceTaken = (invoice: string, trackingCode: string) => {
  const message = CONSIGNMENT_MESSAGES.invoiceTaken(invoice, trackingCode);
  return new HttpError(409, 'duplicate_invoice', message, { merchantInvoice: message });
};

/**
 * Refuses a booking whose invoice number one of the sender's parcels already has (R-BOOKING). Read first so
 * the answer names that parcel; the unique index decides a race, and the loser is answered by `afterInvoiceRace`.
 */
export async function requireFreeInvoice(
  tx: Transaction,
  userId: string,
  invoice: string | undefined,
  test = false,
): Promise<void> {
  if (invoice === undefined) return;
  const holder = await parcelWithInvoice(tx, userId, invoice, test);
  if (holder) throw invoiceTaken(invoice, holder);
}

/** A booking that lost a race for its invoice number to another one: answered as if it had come second. */
export async function afterInvoiceRace(
  db: Database,
  userId: string,
  invoice: string | undefined,
  error: unknown,
  test = false,
): Promise<never> {
  const holder =
    invoice !== undefined && isUniqueViolation(error, INVOICE_UNIQUE) && (await parcelWithInvoice(db, userId, invoice, test));
  throw holder ? invoiceTaken(invoice as string, holder) : error;
}

export interface ConsignmentContext {
  db: Database;
  rates: RateCards;
  config: Config;
  /** Who is told of the booking (the recipient, by text message), in its transaction. */
  notify?: MoveNotice;
  /** Asks a cash-on-delivery parcel's recipient to confirm it (R-CONFIRM-BEFORE-PICKUP), in its transaction. */
  askToConfirm?: (tx: Transaction, row: ConsignmentRow, asked: boolean) => Promise<void>;
}

/** What booking needs, and who it tells: the recipient by text, the sender by mail (R-PARCEL-MAILS). */
export function bookingContext(
  db: Database,
  config: Config,
  rates: RateCards,
  translators: Translators,
): ConsignmentContext & { notify: MoveNotice } {
  return {
    db,
    config,
    rates,
    notify: parcelNotices(config, translators),
    askToConfirm: (tx, row, asked) => askRecipientAtBooking(tx, config, translators, row, asked),
  };
}

const absolute = (config: Config, path: string) => new URL(path, config.publicUrl).toString();

/**
 * The door a sender books and reads through: the website (a session) or the merchant API (a key, issue 41).
 * Each answers with the label address its own credentials open.
 */
export type SenderDoor = 'website' | 'api';

export const labelUrlOf = (config: Config, trackingCode: string, door: SenderDoor = 'website') =>
  absolute(config, door === 'api' ? apiLabelPath(trackingCode) : labelPath(trackingCode));

export function bookingOf(
  config: Config,
  row: Pick<
    ConsignmentRow,
    'trackingCode' | 'status' | 'deliveryFee' | 'codFee' | 'total' | 'estimatedEarliest' | 'estimatedLatest' | 'test'
  > &
    Parameters<typeof addressQualityOf>[0],
): Booking {
  return {
    trackingCode: row.trackingCode,
    status: row.status,
    deliveryFee: row.deliveryFee,
    codFee: row.codFee,
    total: row.total,
    estimatedDelivery: { earliest: row.estimatedEarliest, latest: row.estimatedLatest },
    labelUrl: labelUrlOf(config, row.trackingCode),
    test: row.test,
    ...addressQualityOf(row),
  };
}

/** Up to three tries: two random 50-bit codes colliding is all but impossible, but never a 500 for it. */
const CODE_TRIES = 3;

/** What a consignment is priced and booked with, besides its request. */
export interface BookingTerms {
  userId: string;
  now: Date;
  rateCard: RateCardInForce;
  feePayment?: FeePayment;
  orderId?: string;
  bulkBookingId?: string;
  /** Booked with a test key (R-SANDBOX): a sandbox parcel. */
  test?: boolean;
}

/** A booking with where it is picked up settled: a merchant's store (its id kept), or the sender's own address. */
export type PlacedRequest = Omit<ConsignmentRequest, 'pickup' | 'storeId'> & { pickup: PickupParty; storeId?: string };

/** A merchant's parcel picked up at its store: the pickup's name, phone, address and area are the store's (decision 152). */
export const atStore = (request: ConsignmentRequest, store: StoreRow): PlacedRequest => ({
  ...request,
  pickup: { name: store.name, phone: store.phone, address: store.address, areaId: store.areaId },
  storeId: store.id,
});

/**
 * Where a booking is picked up (issue 41, decision 152): an approved merchant's parcel at the store it names,
 * else its default store, whatever `pickup` it sent; another merchant's store, or an archived one, is
 * refused (400 on `storeId`). A sender who is no merchant has no store and gives the pickup itself.
 */
export async function placePickup(tx: Transaction, userId: string, request: ConsignmentRequest): Promise<PlacedRequest> {
  const merchantId = await approvedMerchantOf(tx, userId);
  if (merchantId) {
    const store = (await pickupStores(tx, merchantId, [request.storeId]))(request.storeId);
    if (typeof store === 'string') throw storeRefused(store);
    return atStore(request, store);
  }
  if (request.storeId !== undefined) throw storeRefused(STORE_MESSAGES.notFound);
  if (!request.pickup) throw badRequest(CONSIGNMENT_MESSAGES.pickupMissing, { pickup: CONSIGNMENT_MESSAGES.pickupMissing });
  const { storeId: _none, ...own } = request;
  return { ...own, pickup: request.pickup };
}

/**
 * How a parcel's fee is paid (R-BOOKING, decision 165). An approved merchant's parcel (picked up at one of its
 * stores: only merchants have them) never has a card step: its fee is taken from the cash when that covers
 * it, else debited from its COD ledger when delivered (`account`, R-LEDGER); the `feePayment` it sends is not
 * read. Anyone else pays by card, or from the cash (which only merchants may collect: R-COD-MERCHANTS).
 */
function feePaymentOf(request: PlacedRequest, terms: BookingTerms, total: number): FeePayment {
  if (terms.feePayment) return terms.feePayment;
  if (request.storeId !== undefined) return request.codAmount >= total ? 'cod' : 'account';
  return request.feePayment ?? (request.codAmount > 0 ? 'cod' : 'card');
}

/**
 * A parcel priced with the given rate card, as the row to insert, or the 400 that says why it cannot
 * go (R-BOOKING): a client's price is never read. `feePayment` and `orderId` are the shop's own, for
 * its orders shipped through the network.
 */
export function pricedConsignment(config: Config, request: PlacedRequest, terms: BookingTerms): typeof consignments.$inferInsert {
  const areas = findAreas({ 'pickup.areaId': request.pickup.areaId, 'recipient.areaId': request.recipient.areaId });
  const zone = zoneBetween(areas['pickup.areaId'], areas['recipient.areaId']);
  const pricing = {
    card: terms.rateCard.card,
    codFeeBasisPoints: config.codFeeBasisPoints,
    now: terms.now,
    timeZone: config.timeZone,
  };
  const option = quoteOptions(pricing, zone, request.weightGrams, request.codAmount).find(
    (candidate) => candidate.service === request.service,
  );
  if (
    !option?.available ||
    option.total === null ||
    option.deliveryFee === null ||
    option.codFee === null ||
    !option.estimatedDelivery
  )
    throw badRequest(option?.reason ?? CONSIGNMENT_MESSAGES.notFound, { service: option?.reason ?? '' });
  const feePayment = feePaymentOf(request, terms, option.total);
  if (feePayment === 'cod' && request.codAmount < option.total) {
    const message = CONSIGNMENT_MESSAGES.codTooSmall(formatMoney(option.total / POISHA_PER_TAKA, PARCEL_CURRENCY, 'en'));
    throw badRequest(message, { codAmount: message });
  }
  return {
    trackingCode: newTrackingCode(),
    userId: terms.userId,
    orderId: terms.orderId ?? null,
    bulkBookingId: terms.bulkBookingId ?? null,
    service: request.service,
    zone,
    pickupName: request.pickup.name,
    pickupPhone: request.pickup.phone,
    pickupAddress: request.pickup.address,
    pickupAreaId: areas['pickup.areaId'].id,
    recipientName: request.recipient.name,
    recipientPhone: request.recipient.phone,
    recipientAddress: request.recipient.address,
    recipientAreaId: areas['recipient.areaId'].id,
    // Kept for staff and the rider, never a refusal (R-ADDRESS-QUALITY, decision 170).
    recipientAddressQuality: checkAddress(request.recipient.address, areaNames(areas['recipient.areaId'].id)).level,
    weightGrams: request.weightGrams,
    codAmount: request.codAmount,
    declaredValue: request.declaredValue ?? null,
    merchantInvoice: request.merchantInvoice ?? null,
    note: request.note ?? null,
    itemDescription: request.itemDescription ?? null,
    quantity: request.quantity ?? null,
    alternativePhone: request.alternativePhone ?? null,
    recipientEmail: request.recipientEmail ?? null,
    deliveryType: request.deliveryType,
    storeId: request.storeId ?? null,
    deliveryFee: option.deliveryFee,
    codFee: option.codFee,
    total: option.total,
    feePayment,
    rateCardId: terms.rateCard.id,
    estimatedEarliest: option.estimatedDelivery.earliest,
    estimatedLatest: option.estimatedDelivery.latest,
    test: terms.test ?? false,
  };
}

/**
 * Cash to collect only for an approved merchant (issue 39, R-COD-MERCHANTS, decision 0104): only a
 * merchant has a ledger that credits the cash and a payout that hands it over. Bulk booking and the
 * merchant API are for merchants already; this is every booking's check, in its transaction.
 */
async function assertCodAllowed(tx: Transaction, request: PlacedRequest, userId: string): Promise<void> {
  if (request.codAmount > 0 && !(await approvedMerchantOf(tx, userId)))
    throw badRequest(CONSIGNMENT_MESSAGES.codForMerchants, { codAmount: CONSIGNMENT_MESSAGES.codForMerchants });
}

/**
 * A parcel priced with the rate card in force and booked, in the caller's transaction, with its first
 * event and the recipient told.
 */
export async function insertPricedConsignment(
  context: ConsignmentContext,
  tx: Transaction,
  request: PlacedRequest,
  terms: Omit<BookingTerms, 'rateCard'>,
): Promise<ConsignmentRow> {
  await requireFreeInvoice(tx, terms.userId, request.merchantInvoice, terms.test);
  await assertCodAllowed(tx, request, terms.userId);
  const row = await insertConsignment(
    tx,
    pricedConsignment(context.config, request, { ...terms, rateCard: await context.rates.inForce(tx) }),
  );
  await recordBooked(tx, row);
  // A sandbox parcel's recipient is nobody real: no text, no mail (R-SANDBOX).
  if (!row.test) await context.notify?.(tx, row, {});
  await context.askToConfirm?.(tx, row, request.askRecipientToConfirm ?? false);
  return row;
}

/**
 * `POST /api/consignments` (R-BOOKING): prices the parcel with the rate card in force, in the booking's
 * transaction (a quote sent by the client is never read), and keeps that price. With an
 * `Idempotency-Key`, the first answer is kept and given again for the same request; the same key with
 * another request is refused (422).
 */
export async function bookConsignment(
  context: ConsignmentContext,
  viewer: Pick<Viewer, 'userId'> & { test?: boolean },
  request: ConsignmentRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<Booking> {
  const { db, config } = context;
  const test = viewer.test ?? false;
  const hash = requestHash(request);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) =>
        answerOnce(tx, viewer.userId, idempotencyKey, hash, async () => {
          const placed = await placePickup(tx, viewer.userId, request);
          const row = await insertPricedConsignment(context, tx, placed, { userId: viewer.userId, now, test });
          await holdBookingBudget(tx, config.rateLimits.parcelsPerSenderPerDay, { userId: viewer.userId, test }, 1);
          await reachRacePoint(db, 'consignment booked');
          return bookingOf(config, row);
        }),
      );
    } catch (error) {
      if (attempt < CODE_TRIES && isUniqueViolation(error, 'consignments_tracking_code_unique')) continue;
      return afterInvoiceRace(db, viewer.userId, request.merchantInvoice, error, test);
    }
  }
}

/** A consignment as its sender and staff read it (My Parcels, the parcel's page). */
export function presentConsignment(config: Config, row: ConsignmentRow): Consignment {
  return {
    trackingCode: row.trackingCode,
    status: row.status,
    service: row.service,
    zone: row.zone,
    currency: PARCEL_CURRENCY,
    pickup: { name: row.pickupName, phone: row.pickupPhone, address: row.pickupAddress, area: namedPlace(row.pickupAreaId) },
    recipient: {
      name: row.recipientName,
      phone: row.recipientPhone,
      address: row.recipientAddress,
      area: namedPlace(row.recipientAreaId),
    },
    weightGrams: row.weightGrams,
    codAmount: row.codAmount,
    declaredValue: row.declaredValue,
    merchantInvoice: row.merchantInvoice,
    note: row.note,
    itemDescription: row.itemDescription,
    quantity: row.quantity,
    alternativePhone: row.alternativePhone,
    recipientEmail: row.recipientEmail,
    deliveryType: row.deliveryType,
    storeId: row.storeId,
    deliveryFee: row.deliveryFee,
    codFee: row.codFee,
    total: row.total,
    feePayment: row.feePayment,
    // A sandbox parcel's fee is never owed (R-SANDBOX): nothing is ever paid for it; a merchant's comes
    // out of its cash or its balance (decision 165).
    feePaid: row.test || row.feePayment !== 'card' || row.feePaidAt !== null,
    estimatedDelivery: { earliest: row.estimatedEarliest, latest: row.estimatedLatest },
    labelUrl: labelUrlOf(config, row.trackingCode),
    trackingUrl: absolute(config, trackingPath(row.trackingCode)),
    createdAt: row.createdAt.toISOString(),
    ...addressQualityOf(row),
    test: row.test,
    proofOfDelivery:
      row.codCollected === null
        ? null
        : {
            codCollected: row.codCollected,
            handedOver: row.deliveryNote,
            receivedBy: row.receivedBy,
            photoUrl: row.handoverPhoto ? absolute(config, handoverPhotoPath(row.trackingCode)) : null,
          },
  };
}

/**
 * A consignment its sender or staff may see; anyone else's answers 404, as if it did not exist. A viewer
 * that says `test` is an API key (R-SANDBOX): a test key sees the sandbox's parcels only, a live key the others.
 */
export async function readOwnConsignment(
  db: Database,
  viewer: Pick<Viewer, 'userId'> & { test?: boolean },
  trackingCode: string,
  isStaff: (userId: string) => Promise<boolean>,
): Promise<ConsignmentRow> {
  const code = readTrackingCode(trackingCode);
  const row = code ? await findConsignment(db, code) : undefined;
  if (!row || (row.userId !== viewer.userId && !(await isStaff(viewer.userId)))) throw notFound(CONSIGNMENT_MESSAGES.notFound);
  if (viewer.test !== undefined && row.test !== viewer.test) throw notFound(CONSIGNMENT_MESSAGES.notFound);
  return row;
}

/**
 * A parcel's label as its sender or staff print it (R-LABEL), through the website or the merchant API
 * alike: one PDF in `locale`; another sender's parcel 404, a cancelled one 409.
 */
export async function printLabel(
  context: { db: Database; config: Config; translators: Translators },
  viewer: Pick<Viewer, 'userId'> & { test?: boolean },
  trackingCode: string,
  isStaff: (userId: string) => Promise<boolean>,
  locale: Locale,
): Promise<{ name: string; pdf: Buffer }> {
  const { db, config, translators } = context;
  const row = await readPrintableConsignment(db, viewer, trackingCode, isStaff);
  const pdf = await consignmentLabel(presentConsignment(config, row), {
    shopName: config.shopName,
    i18n: translators[locale],
    locale,
  });
  return { name: `label-${row.trackingCode}.pdf`, pdf };
}

/**
 * A page of the sender's own parcels, newest first, below `cursor` (decisions 126 and 127): My Parcels on
 * the website and the merchant API's list (issue 41) read the same page.
 */
export async function sendersParcelsPage(
  db: Database,
  config: Config,
  userId: string,
  asked: SendersParcelsFilter & { cursor?: string; test?: boolean },
): Promise<ParcelsPage> {
  const page = await parcelsPage(db, sendersParcels(userId, asked, config.timeZone), asked.cursor, LIMITS.parcelsPageSize);
  // Parcels whose recipients were asked to confirm them are flagged until pickup (R-CONFIRM-BEFORE-PICKUP).
  const answers = await openConfirmations(
    db,
    page.rows.map(({ parcel }) => parcel.id),
  );
  return {
    parcels: page.rows.map(({ parcel }) => {
      const recipientConfirmation = answers.get(parcel.id);
      return { ...presentConsignment(config, parcel), ...(recipientConfirmation ? { recipientConfirmation } : {}) };
    }),
    next: page.next,
  };
}

/**
 * The sender's parcel with this invoice number (issue 41, decision 135): the newest that has it, which is
 * the one not cancelled when there is one (while it lives no other may take its number, R-BOOKING), else
 * the one cancelled last; 404 when none has it.
 */
export async function readParcelByInvoice(
  db: Database,
  config: Config,
  userId: string,
  invoice: string,
  test?: boolean,
): Promise<ConsignmentRow> {
  const page = await parcelsPage(db, sendersParcels(userId, { invoice, test }, config.timeZone), undefined, 1);
  const found = page.rows[0]?.parcel;
  if (!found) throw notFound(CONSIGNMENT_MESSAGES.invoiceNotFound);
  return found;
}

/** Gives back a consignment's card-paid fee through the processor that took it (the payments module's); the refund's id. */
export type RefundFee = (consignmentId: string) => Promise<string>;

/**
 * Cancels a parcel before pickup (R-PARCEL-STATUS), by its sender or staff, on the website or through
 * the merchant API: a fee paid by card is refunded first (the processor's refund is idempotent, so a
 * retry never refunds twice), then the parcel moves to cancelled, its refund noted on the event. Anyone
 * else's parcel answers 404.
 */
export async function cancelConsignment(
  context: MoveContext,
  viewer: Pick<Viewer, 'userId'> & { test?: boolean },
  trackingCode: string,
  isStaff: (userId: string) => Promise<boolean>,
  refundFee: RefundFee,
): Promise<ConsignmentRow> {
  const row = await readOwnConsignment(context.db, viewer, trackingCode, isStaff);
  const problem = parcelMoveProblem(
    { status: row.status, attempts: row.deliveryAttempts, heldFrom: row.heldFrom },
    'cancelled',
    0,
  );
  if (problem) throw conflict(problem);
  const refundId = row.feePayment === 'card' && row.feePaidAt ? await refundFee(row.id) : undefined;
  return moveParcel(context, row.trackingCode, {
    to: 'cancelled',
    actorId: viewer.userId,
    note: refundId ? englishText(/*i18n*/ 'Fee refunded ({refund}).', { refund: refundId }) : undefined,
  });
}

/** A parcel whose label its sender or staff may print: a cancelled one has none (issue 39), 409. */
async function readPrintableConsignment(
  db: Database,
  viewer: Pick<Viewer, 'userId'> & { test?: boolean },
  trackingCode: string,
  isStaff: (userId: string) => Promise<boolean>,
): Promise<ConsignmentRow> {
  const row = await readOwnConsignment(db, viewer, trackingCode, isStaff);
  if (row.status === 'cancelled') throw conflict(CONSIGNMENT_MESSAGES.cancelledNoLabel);
  return row;
}
