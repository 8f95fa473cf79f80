import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import SSLCommerzPayment from 'sslcommerz-lts';
import type { Database } from '#server/db/client.ts';
import { conflict, HttpError } from '#server/http/errors.ts';
import type { HostedCheckout, PaymentProvider, ProviderPayment, ValidatedPayment } from './provider.ts';
import { findIntent, saveRefundId } from './repository.ts';

export interface SslcommerzSettings {
  storeId: string;
  storePassword: string;
  /** SSLCommerz's sandbox or live API, or a test's stand-in (SSLCOMMERZ_API_URL). */
  apiUrl: string;
  /** Where SSLCommerz sends the customer back and posts its IPN: the shop's public address. */
  publicUrl: string;
}

const PROVIDER_UNAVAILABLE = /*i18n*/ 'The card processor could not be reached. Please try again in a moment.';
const NOT_REFUNDABLE = 'SSLCommerz has no taken payment with this id, so there is nothing to refund.';

/** How long a call to SSLCommerz may take, as for Stripe's. */
const ANSWER_WITHIN_MS = 20_000;

/** SSLCommerz's statuses of a payment whose money is taken; VALIDATED is a VALID one validated before. */
const TAKEN = new Set(['VALID', 'VALIDATED']);

/** What SSLCommerz sends back to be trusted at all: ids of letters, digits, dashes and underscores (they go into its URLs unescaped). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Poisha (or cents) as SSLCommerz writes amounts: taka with two decimals. */
export const decimalAmount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** An amount SSLCommerz wrote ("1250.5", "1250.50") as integer poisha, read from its digits (never a float); NaN when it is not one. */
export function centsOf(amount: unknown): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(String(amount ?? '').trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * SSLCommerz's verify_sign: the md5 of the fields named in verify_key, and the md5 of the store's password,
 * sorted by name and joined as key=value&… — as its own libraries check it.
 */
export function verifySign(fields: Record<string, string>, storePassword: string): string | undefined {
  const names = (fields.verify_key ?? '').split(',').filter(Boolean);
  if (names.length === 0) return undefined;
  const signed: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const name of names) signed[name] = fields[name] ?? '';
  const text = Object.keys(signed)
    .sort()
    .map((name) => `${name}=${signed[name]}`)
    .join('&');
  return md5(text);
}

export function createSslcommerzProvider(db: Database, settings: SslcommerzSettings, log: FastifyBaseLogger): PaymentProvider {
  const client = new SSLCommerzPayment(settings.storeId, settings.storePassword);
  // The client builds its addresses from SSLCommerz's sandbox in its constructor; each is pointed at the configured API.
  const api = settings.apiUrl;
  client.baseURL = api;
  client.initURL = `${api}/gwprocess/v4/api.php`;
  client.validationURL = `${api}/validator/api/validationserverAPI.php?`;
  client.refundURL = `${api}/validator/api/merchantTransIDvalidationAPI.php?`;
  client.refundQueryURL = client.refundURL;
  client.transactionQueryBySessionIdURL = client.refundURL;
  client.transactionQueryByTransactionIdURL = client.refundURL;

  /** Its addresses carry the store's password: an error's message never reaches the log with it. */
  const withoutSecrets = (text: string) =>
    text.split(settings.storePassword).join('[redacted]').split(encodeURIComponent(settings.storePassword)).join('[redacted]');

  const unavailable = (action: string, problem: unknown) => {
    const message = problem instanceof Error ? problem.message : JSON.stringify(problem);
    log.error({ problem: withoutSecrets(String(message)).slice(0, 500) }, `SSLCommerz: ${action} failed`);
    return new HttpError(502, 'payment_provider_unavailable', PROVIDER_UNAVAILABLE);
  };

  /**
   * The client answers a failed request with its Error instead of rejecting, and never gives up waiting:
   * both, and an answer later than ANSWER_WITHIN_MS, become a 502.
   */
  async function ask(action: string, call: () => Promise<Record<string, unknown> | Error>): Promise<Record<string, unknown>> {
    let answer: Record<string, unknown> | Error;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Error>((resolve) => {
      timer = setTimeout(() => resolve(new Error(`no answer within ${ANSWER_WITHIN_MS / 1000} s`)), ANSWER_WITHIN_MS);
    });
    try {
      answer = await Promise.race([call(), late]);
    } catch (error) {
      throw unavailable(action, error);
    } finally {
      clearTimeout(timer);
    }
    if (answer instanceof Error || typeof answer !== 'object' || answer === null) throw unavailable(action, answer);
    return answer;
  }

  /** The taken payment SSLCommerz has for one of our ids, as its transaction query lists it. */
  async function takenPayment(paymentId: string): Promise<Record<string, unknown> | undefined> {
    const answer = await ask(`querying payment ${paymentId}`, () =>
      client.transactionQueryByTransactionId({ tran_id: paymentId }),
    );
    const elements = Array.isArray(answer.element) ? (answer.element as Record<string, unknown>[]) : [];
    return elements.find((element) => TAKEN.has(String(element.status)) && element.tran_id === paymentId);
  }

  const hostedCheckout: HostedCheckout = {
    async openSession(session) {
      const returns = (outcome: string) => `${settings.publicUrl}/api/sslcommerz/${outcome}`;
      const answer = await ask('opening a session', () =>
        client.init({
          tran_id: session.paymentId,
          total_amount: decimalAmount(session.amountCents),
          currency: session.currency.toUpperCase(),
          success_url: returns('success'),
          fail_url: returns('fail'),
          cancel_url: returns('cancel'),
          ipn_url: returns('ipn'),
          cus_name: session.customer.name,
          cus_email: session.customer.email,
          cus_add1: 'Bangladesh',
          cus_city: 'Dhaka',
          cus_country: 'Bangladesh',
          cus_phone: '01700000000',
          shipping_method: 'NO',
          num_of_item: 1,
          product_name: session.productName,
          product_category: 'general',
          product_profile: 'general',
          value_b: session.locale,
        }),
      );
      if (answer.status !== 'SUCCESS' || typeof answer.GatewayPageURL !== 'string' || !answer.GatewayPageURL)
        throw unavailable('opening a session', { status: answer.status, reason: answer.failedreason });
      return answer.GatewayPageURL;
    },

    signatureHolds(fields) {
      const expected = verifySign(fields, settings.storePassword);
      const given = fields.verify_sign ?? '';
      return (
        expected !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      );
    },

    async validate(validationId): Promise<ValidatedPayment | undefined> {
      if (!SAFE_ID.test(validationId)) return undefined;
      const answer = await ask('validating a payment', () => client.validate({ val_id: validationId }));
      if (!TAKEN.has(String(answer.status)) || typeof answer.tran_id !== 'string') return undefined;
      // The amount and currency the payment was asked in: SSLCommerz's own `amount` is in taka after conversion.
      return {
        paymentId: answer.tran_id,
        status: String(answer.status),
        amountCents: centsOf(answer.currency_amount ?? answer.amount),
        currency: String(answer.currency_type ?? answer.currency).toLowerCase(),
      };
    },
  };

  return {
    name: 'sslcommerz',
    // Our own key: SSLCommerz takes any tran_id of up to 30 characters; the session is opened when the customer asks.
    async startPayment() {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(24).toString('hex')}`, status: 'requires_payment_method' };
    },

    async findPayment(id) {
      const intent = await findIntent(db, id, 'sslcommerz');
      if (!intent || !SAFE_ID.test(id)) return undefined;
      const taken = await takenPayment(id);
      const payment: ProviderPayment = {
        id,
        status: taken ? 'succeeded' : intent.status,
        amountCents: taken ? centsOf(taken.currency_amount ?? taken.amount) : intent.amountCents,
        currency: taken ? String(taken.currency_type ?? taken.currency).toLowerCase() : intent.currency,
        orderId: intent.orderId ?? undefined,
        consignmentId: intent.consignmentId ?? undefined,
      };
      return payment;
    },

    // A session cannot be closed at SSLCommerz: a payment it took anyway pays, or is refunded on arrival (R-HOLD).
    async releasePayment(id) {
      return (await takenPayment(id)) ? 'succeeded' : 'released';
    },

    async refundPayment(id) {
      const intent = await findIntent(db, id, 'sslcommerz');
      if (intent?.refundId) return intent.refundId;
      const taken = intent ? await takenPayment(id) : undefined;
      if (!taken || typeof taken.bank_tran_id !== 'string') throw conflict(NOT_REFUNDABLE);
      // refe_id is our payment's id: one refund per payment, so a retry names the refund already asked for.
      const answer = await ask(`refunding payment ${id}`, () =>
        client.initiateRefund({
          refund_amount: String(taken.amount),
          refund_remarks: 'refund',
          bank_tran_id: encodeURIComponent(taken.bank_tran_id as string),
          refe_id: id,
        }),
      );
      if (answer.status !== 'success' || typeof answer.refund_ref_id !== 'string')
        throw unavailable(`refunding payment ${id}`, { status: answer.status, reason: answer.errorReason });
      return saveRefundId(db, id, answer.refund_ref_id);
    },

    hostedCheckout,
  };
}
