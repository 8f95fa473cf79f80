import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '#server/auth/plugin.ts';
import { badRequest, type HttpError } from '#server/http/errors.ts';
import { sslcommerzRefusals } from '#server/metrics/shop-events.ts';
import { startFeePayment } from './consignment-fee.ts';
import type { HostedCheckout } from './provider.ts';
import { findIntent, findIntentBySecret, type PaymentIntentRow } from './repository.ts';
import { PAYMENT_MESSAGES, type PaymentContext, startOrderPayment } from './service.ts';
import { applyPaymentEvent } from './webhooks.ts';

const FORGED_REPORT = /*i18n*/ 'This payment report is not from SSLCommerz: it was refused.';

/** What a payment is for, for SSLCommerz's page. */
export type CheckoutFor = { orderId: string } | { trackingCode: string };

function hostedCheckoutOf(context: PaymentContext): HostedCheckout {
  const { hostedCheckout } = context.provider;
  if (!hostedCheckout) throw new Error(`${context.provider.name} has no hosted page`);
  return hostedCheckout;
}

/**
 * R-SSLCOMMERZ: the order's (or the parcel fee's) one payment, started as any payment is (its owner only, the
 * amount ours), and a session on SSLCommerz's page for it. Every attempt carries the same payment id as
 * tran_id while the amount stays, so whichever session the customer pays in, it pays this payment.
 */
export async function openHostedCheckout(
  context: PaymentContext,
  viewer: Viewer,
  what: CheckoutFor,
  locale: string,
): Promise<string> {
  const hosted = hostedCheckoutOf(context);
  const { clientSecret } =
    'orderId' in what
      ? await startOrderPayment(context, viewer, what.orderId)
      : await startFeePayment(context, viewer, what.trackingCode);
  const intent = (await findIntentBySecret(context.db, clientSecret)) as PaymentIntentRow;
  return hosted.openSession({
    paymentId: intent.id,
    amountCents: intent.amountCents,
    currency: intent.currency,
    customer: { name: viewer.name, email: viewer.email },
    productName: 'orderId' in what ? `Order ${what.orderId.slice(0, 8)}` : `Parcel ${what.trackingCode}`,
    locale,
  });
}

function refuse(log: FastifyBaseLogger, reason: 'forged' | 'mismatch', details: object): HttpError {
  sslcommerzRefusals.tell({ reason });
  if (reason === 'mismatch') {
    log.error(details, 'SSLCommerz: a validated payment for another amount or currency than asked: refused');
    return badRequest(PAYMENT_MESSAGES.amountMismatch);
  }
  log.warn(details, 'SSLCommerz: a payment report refused as forged');
  return badRequest(FORGED_REPORT);
}

/**
 * A report SSLCommerz POSTed (a return or the IPN). The payment becomes paid only when the fields carry
 * SSLCommerz's signature AND its validation API says VALID or VALIDATED for this val_id, for our tran_id, in
 * the amount and currency we asked; each validation counts once (a replayed report changes nothing).
 * Answers the payment it was for and whether it is paid; throws 400 for a forged or mismatched report.
 */
export async function receiveHostedReport(
  context: PaymentContext,
  fields: Record<string, string>,
): Promise<{ intent: PaymentIntentRow; paid: boolean }> {
  const { db, log } = context;
  const hosted = hostedCheckoutOf(context);
  const paymentId = fields.tran_id ?? '';
  const intent = await findIntent(db, paymentId, 'sslcommerz');
  if (!intent) throw refuse(log, 'forged', { paymentId, known: false });
  // A failed or cancelled payment has nothing to validate, and changes nothing.
  if (!fields.val_id) return { intent, paid: false };
  if (!hosted.signatureHolds(fields)) throw refuse(log, 'forged', { paymentId, signature: false });
  const validated = await hosted.validate(fields.val_id);
  if (!validated || validated.paymentId !== intent.id) throw refuse(log, 'forged', { paymentId, validated: Boolean(validated) });
  if (validated.amountCents !== intent.amountCents || validated.currency !== intent.currency)
    throw refuse(log, 'mismatch', {
      paymentId,
      asked: { amountCents: intent.amountCents, currency: intent.currency },
      validated: { amountCents: validated.amountCents, currency: validated.currency },
    });
  await applyPaymentEvent(context, {
    id: `sslcommerz:${fields.val_id}`,
    type: `sslcommerz.${validated.status.toLowerCase()}`,
    succeededPayment: {
      id: intent.id,
      status: 'succeeded',
      amountCents: validated.amountCents,
      currency: validated.currency,
      orderId: intent.orderId ?? undefined,
      consignmentId: intent.consignmentId ?? undefined,
    },
    declined: false,
  });
  const after = await findIntent(db, intent.id, 'sslcommerz');
  return { intent, paid: after?.status === 'succeeded' };
}
