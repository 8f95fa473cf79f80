import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { insertMany } from '#server/db/insert-many.ts';
import { consignmentEvents, consignments, merchants, recipientConfirmations, user } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import type { Translators } from '#server/i18n/catalogues.ts';
import type { ConsignmentStatus, FailureReason } from '#shared/consignment-status.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, pathInLocale } from '#shared/locale.ts';
import { formatMoney } from '#shared/locale-format.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import {
  CONFIRMATION_MESSAGES,
  CONFIRMATION_TOKEN_PATTERN,
  type ConfirmationAnswer,
  type ConfirmationState,
  type ConfirmationView,
  confirmationPath,
} from '#shared/recipient-confirmation.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { englishText, translated } from '#shared/translate.ts';
import { queueManySms, queueSms } from '../sms/outbox.ts';
import { tellMerchantOfAnswer } from './merchant-told.ts';

type Parcel = typeof consignments.$inferSelect;

/** The link's token is kept only as its hash: read from the database, it opens nothing (decision 169). */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Failed attempts that reopen the link: the recipient can give a better address or number before the next one. */
const REOPENING_REASONS: readonly FailureReason[] = ['wrong_address', 'unreachable'];

async function senderOf(tx: Transaction, userId: string | null) {
  if (!userId) return { locale: DEFAULT_LOCALE, shop: undefined, confirmEveryCod: false };
  const [sender] = await tx
    .select({ locale: user.locale, shop: merchants.businessName, status: merchants.status, every: merchants.confirmEveryCod })
    .from(user)
    .leftJoin(merchants, eq(merchants.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return {
    locale: sender && isLocale(sender.locale) ? sender.locale : DEFAULT_LOCALE,
    shop: sender?.status === 'approved' ? (sender.shop ?? undefined) : undefined,
    confirmEveryCod: sender?.status === 'approved' && sender.every === true,
  };
}

type Asked = Pick<Parcel, 'id' | 'trackingCode' | 'codAmount' | 'recipientPhone'>;

/** A new link for a parcel (a token, kept only hashed) and the text that carries it, in the sender's language. */
function newLink(config: Config, translators: Translators, row: Asked, sender: { locale: Locale; shop: string }) {
  const token = randomBytes(32).toString('base64url');
  const link = new URL(pathInLocale(sender.locale, confirmationPath(token)), config.publicUrl).toString();
  const text = englishText(
    /*i18n*/ '{shop}: {sender} sent you parcel {code}, {cod} to pay on delivery. Confirm it, or correct the address or phone: {link}',
    {
      shop: config.shopName,
      sender: sender.shop,
      code: row.trackingCode,
      cod: formatMoney(row.codAmount / POISHA_PER_TAKA, PARCEL_CURRENCY, sender.locale),
      link,
    },
  );
  return {
    confirmation: { consignmentId: row.id, tokenHash: tokenHash(token) },
    sms: { kind: 'parcel-confirm', phone: row.recipientPhone, text: translated(translators[sender.locale], text) },
  };
}

/** A new token for the parcel's link, replacing any before it, and the text that carries it (through the outbox). */
async function textNewLink(
  tx: Transaction,
  config: Config,
  translators: Translators,
  row: Parcel,
  sender: { locale: Locale; shop: string },
) {
  const { confirmation, sms } = newLink(config, translators, row, sender);
  await tx
    .insert(recipientConfirmations)
    .values(confirmation)
    .onConflictDoUpdate({
      target: recipientConfirmations.consignmentId,
      set: { tokenHash: confirmation.tokenHash, state: 'asked', proposedAddress: null, proposedPhone: null, closedAt: null },
    });
  await queueSms(tx, sms);
}

/**
 * Asks a parcel's recipient to confirm it, in its booking's transaction (R-CONFIRM-BEFORE-PICKUP): a
 * cash-on-delivery parcel of an approved merchant, when the booking asks or the merchant asks for every one.
 * A sandbox parcel's recipient is nobody real and is never texted.
 */
export async function askRecipientAtBooking(
  tx: Transaction,
  config: Config,
  translators: Translators,
  row: Parcel,
  asked: boolean,
): Promise<void> {
  if (row.test || row.codAmount <= 0) return;
  const sender = await senderOf(tx, row.userId);
  if (!sender.shop || !(asked || sender.confirmEveryCod)) return;
  await textNewLink(tx, config, translators, row, { locale: sender.locale, shop: sender.shop });
}

/**
 * A merchant's file or batch of parcels (R-BULK-BOOKING), in its booking's transaction: when the merchant asks
 * for every cash-on-delivery parcel (decision 182), each COD parcel's recipient is asked as one booking's is,
 * the links and texts written in one statement each. Sandbox parcels never reach here (bookMany).
 */
export async function askRecipientsOfMany(
  tx: Transaction,
  config: Config,
  translators: Translators,
  userId: string,
  rows: readonly Asked[],
): Promise<void> {
  const cod = rows.filter((row) => row.codAmount > 0);
  if (cod.length === 0) return;
  const sender = await senderOf(tx, userId);
  if (!sender.shop || !sender.confirmEveryCod) return;
  const links = cod.map((row) => newLink(config, translators, row, { locale: sender.locale, shop: sender.shop as string }));
  await insertMany(
    tx,
    recipientConfirmations,
    links.map((made) => made.confirmation),
  );
  await queueManySms(
    tx,
    links.map((made) => made.sms),
  );
}

/** A failed attempt for a wrong address or an unreachable recipient opens the parcel's link again, with a new text. */
export async function reopenAfterFailure(
  tx: Transaction,
  config: Config,
  translators: Translators,
  row: Parcel,
  reason: FailureReason | undefined,
): Promise<void> {
  if (row.test || !reason || !REOPENING_REASONS.includes(reason)) return;
  const [asked] = await tx
    .select({ id: recipientConfirmations.consignmentId })
    .from(recipientConfirmations)
    .where(eq(recipientConfirmations.consignmentId, row.id));
  if (!asked) return;
  const sender = await senderOf(tx, row.userId);
  await textNewLink(tx, config, translators, row, { locale: sender.locale, shop: sender.shop ?? row.pickupName });
}

/**
 * What a move does to its parcel's confirmation, in the move's transaction (decision 169): a parcel its
 * recipient did not order is held (never picked up); picked up or cancelled, the link changes nothing more.
 */
export async function confirmationOnMove(tx: Transaction, row: Pick<Parcel, 'id'>, to: ConsignmentStatus): Promise<void> {
  if (to !== 'picked_up' && to !== 'cancelled') return;
  const [held] = await tx
    .select({ state: recipientConfirmations.state })
    .from(recipientConfirmations)
    .where(eq(recipientConfirmations.consignmentId, row.id))
    .for('update');
  if (!held) return;
  if (to === 'picked_up' && held.state === 'not_ordered') throw conflict(CONFIRMATION_MESSAGES.notOrdered);
  await tx.update(recipientConfirmations).set({ closedAt: sql`now()` }).where(eq(recipientConfirmations.consignmentId, row.id));
}

const viewColumns = {
  consignmentId: recipientConfirmations.consignmentId,
  state: recipientConfirmations.state,
  closedAt: recipientConfirmations.closedAt,
  trackingCode: consignments.trackingCode,
  codAmount: consignments.codAmount,
  earliest: consignments.estimatedEarliest,
  latest: consignments.estimatedLatest,
  status: consignments.status,
  userId: consignments.userId,
  pickupName: consignments.pickupName,
  shop: merchants.businessName,
};

async function confirmationByToken(db: Database | Transaction, token: string, lock: boolean) {
  if (!CONFIRMATION_TOKEN_PATTERN.test(token)) throw notFound(CONFIRMATION_MESSAGES.notFound);
  const query = db
    .select(viewColumns)
    .from(recipientConfirmations)
    .innerJoin(consignments, eq(consignments.id, recipientConfirmations.consignmentId))
    .leftJoin(merchants, eq(merchants.userId, consignments.userId))
    .where(eq(recipientConfirmations.tokenHash, tokenHash(token)))
    .limit(1);
  // The parcel's row is locked, as a move locks it before its confirmation: an answer (whose trigger writes the
  // parcel's recipient_confirmation, decision 182) and a pickup never wait on each other in opposite orders.
  const [found] = lock ? await query.for('update', { of: consignments }) : await query;
  if (!found) throw notFound(CONFIRMATION_MESSAGES.notFound);
  return found;
}

/** The recipient's page: the sender's shop, the cash, the expected days; none of the recipient's own details. */
export async function confirmationView(db: Database, token: string): Promise<ConfirmationView> {
  const found = await confirmationByToken(db, token, false);
  return {
    trackingCode: found.trackingCode,
    shop: found.shop ?? found.pickupName,
    codAmount: found.codAmount,
    estimatedDelivery: { earliest: found.earliest, latest: found.latest },
    state: found.state,
    open: found.closedAt === null,
  };
}

/**
 * A recipient's answer, in one transaction (R-CONFIRM-BEFORE-PICKUP): confirmed; a change of address or phone
 * that waits for the merchant; or not ordered, which holds the parcel; the merchant is told (merchant-told.ts). A link
 * whose parcel is on its way (or cancelled) changes nothing: 409.
 */
export async function answerConfirmation(
  db: Database,
  config: Config,
  translators: Translators,
  token: string,
  answer: ConfirmationAnswer,
): Promise<ConfirmationView> {
  await db.transaction(async (tx) => {
    const found = await confirmationByToken(tx, token, true);
    if (found.closedAt !== null) throw conflict(CONFIRMATION_MESSAGES.pickedUp);
    const state = answer.answer === 'confirm' ? 'confirmed' : answer.answer === 'change' ? 'change_asked' : 'not_ordered';
    const address = answer.answer === 'change' ? (answer.address ?? null) : null;
    const phone = answer.answer === 'change' ? (answer.phone ?? null) : null;
    await tx
      .update(recipientConfirmations)
      .set({ state, answeredAt: sql`now()`, proposedAddress: address, proposedPhone: phone })
      .where(eq(recipientConfirmations.consignmentId, found.consignmentId));
    const [parcel] = await tx.select().from(consignments).where(eq(consignments.id, found.consignmentId));
    if (!parcel) return;
    await tellMerchantOfAnswer(tx, config, translators, parcel, { state, address, phone });
  });
  return confirmationView(db, token);
}

/** The parcel's confirmation as its sender sees it, or null when its recipient was not asked. */
export async function confirmationOfParcel(db: Database, userId: string, typedCode: string) {
  // A code as its sender may type it; what is no code at all (a NUL, a stray byte) is nobody's parcel.
  const trackingCode = readTrackingCode(typedCode);
  if (!trackingCode) return null;
  const [found] = await db
    .select({
      state: recipientConfirmations.state,
      address: recipientConfirmations.proposedAddress,
      phone: recipientConfirmations.proposedPhone,
    })
    .from(consignments)
    .innerJoin(recipientConfirmations, eq(recipientConfirmations.consignmentId, consignments.id))
    .where(and(eq(consignments.trackingCode, trackingCode), eq(consignments.userId, userId)))
    .limit(1);
  return found ?? null;
}

/**
 * The merchant accepts or declines the change its recipient asked for, in one transaction: accepted, the
 * parcel's address or phone is the new one, with an event in its history, and the parcel counts as confirmed;
 * declined, the recipient is asked again as before. Only address and phone change: a new area is a new booking.
 */
export async function decideChange(db: Database, userId: string, typedCode: string, accept: boolean) {
  const trackingCode = readTrackingCode(typedCode);
  if (!trackingCode) throw notFound(CONFIRMATION_MESSAGES.noChangeWaiting);
  return db.transaction(async (tx) => {
    const [parcel] = await tx
      .select()
      .from(consignments)
      .where(and(eq(consignments.trackingCode, trackingCode), eq(consignments.userId, userId)))
      .for('update')
      .limit(1);
    if (!parcel) throw notFound(CONFIRMATION_MESSAGES.noChangeWaiting);
    const [change] = await tx
      .select()
      .from(recipientConfirmations)
      .where(and(eq(recipientConfirmations.consignmentId, parcel.id), eq(recipientConfirmations.state, 'change_asked')))
      .for('update');
    if (!change) throw badRequest(CONFIRMATION_MESSAGES.noChangeWaiting);
    await tx
      .update(recipientConfirmations)
      .set({ state: accept ? 'confirmed' : 'asked', proposedAddress: null, proposedPhone: null })
      .where(eq(recipientConfirmations.consignmentId, parcel.id));
    if (!accept) return { state: 'asked' as const, address: null, phone: null };
    await tx
      .update(consignments)
      .set({
        recipientAddress: change.proposedAddress ?? parcel.recipientAddress,
        recipientPhone: change.proposedPhone ?? parcel.recipientPhone,
      })
      .where(eq(consignments.id, parcel.id));
    await tx.insert(consignmentEvents).values({
      consignmentId: parcel.id,
      status: parcel.status,
      actorId: userId,
      note: 'The recipient’s change of address or phone, accepted by the sender',
    });
    return { state: 'confirmed' as const, address: null, phone: null };
  });
}

/** What Operations counts of unconfirmed parcels: the open ones not confirmed, read off the partial index alone (decision 169). */
const openUnconfirmed = and(ne(recipientConfirmations.state, 'confirmed'), isNull(recipientConfirmations.closedAt));

/** Operations' flag (R-CONFIRM-BEFORE-PICKUP): parcels waiting for their recipients' word, and those not ordered. */
export async function unconfirmedCounts(tx: Database | Transaction): Promise<{ waiting: number; notOrdered: number }> {
  const rows = await tx
    .select({ state: recipientConfirmations.state, count: sql<number>`count(*)::int` })
    .from(recipientConfirmations)
    .where(openUnconfirmed)
    .groupBy(recipientConfirmations.state);
  const of = (state: string) => rows.find((row) => row.state === state)?.count ?? 0;
  return { waiting: of('asked') + of('change_asked'), notOrdered: of('not_ordered') };
}

/** Part of the Operations view's version (decision 140): the open unconfirmed parcels change with every answer. */
export const unconfirmedVersion = sql`select count(*) || '.' || count(*) filter (where ${recipientConfirmations.state} = 'not_ordered') from ${recipientConfirmations} where ${recipientConfirmations.state} <> 'confirmed' and ${recipientConfirmations.closedAt} is null`;

/** The merchant's setting: every cash-on-delivery parcel's recipient is asked, or only those booked so. */
export async function setConfirmEveryCod(db: Database, merchantId: string, confirmEveryCod: boolean) {
  await db.update(merchants).set({ confirmEveryCod }).where(eq(merchants.id, merchantId));
  return { confirmEveryCod };
}

/** The answers of a page of parcels' recipients while their links are open, by parcel id: one primary-key probe each. */
export async function openConfirmations(db: Database, parcelIds: string[]): Promise<Map<string, ConfirmationState>> {
  if (parcelIds.length === 0) return new Map();
  const rows = await db
    .select({ id: recipientConfirmations.consignmentId, state: recipientConfirmations.state })
    .from(recipientConfirmations)
    .where(and(inArray(recipientConfirmations.consignmentId, parcelIds), isNull(recipientConfirmations.closedAt)));
  return new Map(rows.map((row) => [row.id, row.state]));
}
