import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '#server/auth/plugin.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { isMissingReference } from '#server/db/constraint-errors.ts';
import { badRequest, conflict, type HttpError, notFound } from '#server/http/errors.ts';
import { PARCEL_CURRENCY } from '#shared/parcel-services.ts';
import { type ConsignmentRow, findConsignmentById, markFeePaid } from '../consignments/consignment-row.ts';
import { CONSIGNMENT_MESSAGES, readOwnConsignment } from '../consignments/service.ts';
import { paymentSucceeded, refundThrough } from './outcomes.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import { findIntentForConsignment, saveIntent } from './repository.ts';
import { PAYMENT_MESSAGES } from './service.ts';

/** A consignment's delivery fee is charged in taka, whatever currency the shop sells its products in. */
export const FEE_CURRENCY = PARCEL_CURRENCY.toLowerCase();

export const FEE_MESSAGES = {
  takenFromCash: /*i18n*/ 'This parcel’s fee is taken from the cash collected on delivery: there is nothing to pay by card.',
  fromAccount: /*i18n*/ 'This parcel’s fee comes out of your account (your COD balance): there is nothing to pay by card.',
  alreadyPaid: /*i18n*/ 'This parcel’s fee is already paid.',
  sandbox: /*i18n*/ 'This is a test parcel: nothing is paid for it.',
  cancelled: /*i18n*/ 'This parcel was cancelled, so its fee can no longer be paid.',
  otherPayment: /*i18n*/ 'This payment was made for something else.',
  paidByAnotherPayment: /*i18n*/ 'This parcel’s fee is already paid with another payment.',
} as const;

export interface FeePaymentContext {
  db: Database;
  provider: PaymentProvider;
}

/** Only the sender pays a parcel's fee; staff may see it, not pay it. */
const noStaff = async () => false;

function assertPayable(row: ConsignmentRow): void {
  // A sandbox parcel never reaches a payment processor (R-SANDBOX).
  if (row.test) throw conflict(FEE_MESSAGES.sandbox);
  // A merchant's fee is debited from its ledger (decision 165): it never has a card step.
  if (row.feePayment === 'account') throw conflict(FEE_MESSAGES.fromAccount);
  if (row.feePayment !== 'card') throw conflict(FEE_MESSAGES.takenFromCash);
  if (row.feePaidAt) throw conflict(FEE_MESSAGES.alreadyPaid);
  if (row.status === 'cancelled') throw conflict(FEE_MESSAGES.cancelled);
}

/** Why this payment cannot pay this consignment's fee, or undefined when it does. */
export function feePaymentProblem(row: ConsignmentRow, payment: ProviderPayment): HttpError | undefined {
  if (payment.consignmentId !== row.id) return badRequest(FEE_MESSAGES.otherPayment);
  if (payment.amountCents !== row.total || payment.currency !== FEE_CURRENCY) return badRequest(PAYMENT_MESSAGES.amountMismatch);
  if (payment.status !== 'succeeded') return conflict(PAYMENT_MESSAGES.notSucceeded);
  return undefined;
}

/**
 * `POST /api/consignments/{trackingCode}/payment-intent`: the fee's one card payment, for the total the
 * consignment was booked at; asking again gives the same payment.
 */
export async function startFeePayment(
  context: FeePaymentContext,
  viewer: Viewer,
  trackingCode: string,
): Promise<{ clientSecret: string }> {
  const { db, provider } = context;
  const row = await readOwnConsignment(db, viewer, trackingCode, noStaff);
  assertPayable(row);
  const existing = await findIntentForConsignment(db, row.id);
  if (existing && existing.provider === provider.name && existing.amountCents === row.total && existing.currency === FEE_CURRENCY)
    return { clientSecret: existing.clientSecret };
  const started = await provider.startPayment({ consignmentId: row.id, amountCents: row.total, currency: FEE_CURRENCY });
  try {
    const saved = await saveIntent(db, {
      id: started.id,
      consignmentId: row.id,
      provider: provider.name,
      clientSecret: started.clientSecret,
      amountCents: row.total,
      currency: FEE_CURRENCY,
      status: started.status,
    });
    return { clientSecret: saved.clientSecret };
  } catch (error) {
    if (isMissingReference(error)) throw notFound(CONSIGNMENT_MESSAGES.notFound);
    throw error;
  }
}

/** Records a verified payment of a fee, in the caller's transaction; recording it again changes nothing. */
export async function recordFeePayment(
  tx: Transaction,
  consignmentId: string,
  paymentId: string,
): Promise<'paid' | 'already-paid' | 'paid-otherwise' | 'gone'> {
  if (await markFeePaid(tx, consignmentId, paymentId)) {
    await paymentSucceeded(tx, paymentId);
    return 'paid';
  }
  const row = await findConsignmentById(tx, consignmentId);
  if (!row) return 'gone';
  return row.feeTransactionId === paymentId ? 'already-paid' : 'paid-otherwise';
}

/**
 * `PATCH /api/consignments/{trackingCode}/payment`: the client says it paid; the processor is asked, and
 * the fee is paid only by a succeeded payment of this consignment, for its total, in taka.
 */
export async function confirmFeePayment(
  context: FeePaymentContext,
  viewer: Viewer,
  trackingCode: string,
  transactionId: string,
): Promise<ConsignmentRow> {
  const { db, provider } = context;
  const row = await readOwnConsignment(db, viewer, trackingCode, noStaff);
  if (row.feePaidAt) {
    if (row.feeTransactionId === transactionId) return row;
    throw conflict(FEE_MESSAGES.paidByAnotherPayment);
  }
  assertPayable(row);
  const payment = await provider.findPayment(transactionId);
  if (!payment) throw badRequest(PAYMENT_MESSAGES.unknownPayment, { transactionId: PAYMENT_MESSAGES.unknownPayment });
  const problem = feePaymentProblem(row, payment);
  if (problem) throw problem;
  const outcome = await db.transaction((tx) => recordFeePayment(tx, row.id, payment.id));
  if (outcome === 'gone') throw notFound(CONSIGNMENT_MESSAGES.notFound);
  if (outcome === 'paid-otherwise') throw conflict(FEE_MESSAGES.paidByAnotherPayment);
  return (await findConsignmentById(db, row.id)) as ConsignmentRow;
}

/** A processor's event that a fee's payment succeeded: recorded after the same checks as PATCH; problems logged. */
export async function applyFeePayment(
  tx: Transaction,
  payment: ProviderPayment,
  log: FastifyBaseLogger,
): Promise<'applied' | 'ignored'> {
  const row = await findConsignmentById(tx, payment.consignmentId as string);
  const problem = row ? feePaymentProblem(row, payment) : undefined;
  if (!row || problem) {
    log.warn(
      { paymentIntent: payment.id, consignmentId: payment.consignmentId, problem: problem?.message },
      'payment does not pay a parcel’s fee: refund it',
    );
    return 'ignored';
  }
  const outcome = await recordFeePayment(tx, row.id, payment.id);
  if (outcome === 'paid-otherwise')
    log.warn({ paymentIntent: payment.id, consignmentId: row.id }, 'parcel fee paid twice: refund the second payment');
  return outcome === 'paid' ? 'applied' : 'ignored';
}

/**
 * A cancelled parcel's card-paid fee given back through the processor that took it (issue 29); the
 * processor's refund is idempotent per payment, so cancelling again never refunds twice.
 */
export async function refundConsignmentFee(context: FeePaymentContext, consignmentId: string): Promise<string> {
  const intent = await findIntentForConsignment(context.db, consignmentId);
  if (!intent || intent.provider !== context.provider.name) throw conflict(PAYMENT_MESSAGES.noPaymentToRefund);
  return refundThrough(context.provider, intent.id);
}
