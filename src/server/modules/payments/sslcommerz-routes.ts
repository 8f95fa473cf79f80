import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '#server/auth/plugin.ts';
import type { RateLimits } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { acceptFormFields, formFields } from '#server/http/page-forms.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '#server/http/rate-limits.ts';
import { inEveryLanguage, isLocale, type Locale, localeOfPath, pathInLocale } from '#shared/locale.ts';
import { HOSTED_OUTCOME_PARAM, type HostedOutcome, sslcommerzReportSchema } from '#shared/sslcommerz.ts';
import { findConsignmentById } from '../consignments/consignment-row.ts';
import type { PaymentIntentRow } from './repository.ts';
import type { PaymentContext } from './service.ts';
import { type CheckoutFor, openHostedCheckout, receiveHostedReport } from './sslcommerz-checkout.ts';

const ORDER_PAGE = (orderId: string) => `/dashboard/payment/${orderId}`;
const PARCEL_PAGE = (trackingCode: string) => `/dashboard/parcels/${trackingCode}`;

const withOutcome = (path: string, outcome: HostedOutcome) => `${path}?${HOSTED_OUTCOME_PARAM}=${outcome}`;

/** The page a payment belongs on: its order's payment page or its parcel's page. */
async function pageOf(db: Database, intent: PaymentIntentRow): Promise<string> {
  if (intent.orderId) return ORDER_PAGE(intent.orderId);
  const parcel = await findConsignmentById(db, intent.consignmentId as string);
  return parcel ? PARCEL_PAGE(parcel.trackingCode) : '/dashboard';
}

/**
 * R-SSLCOMMERZ: paying on SSLCommerz's page. "Pay with SSLCommerz" is a plain POST form (it works with
 * JavaScript off), signed in by the session cookie, answered with a 303 to SSLCommerz's page; SSLCommerz
 * POSTs its fields back to the success, fail and cancel returns (each a 303 to the page the payment is for,
 * with the outcome) and to the IPN. Only a report SSLCommerz validates makes anything paid.
 */
export async function sslcommerzRoutes(
  app: FastifyInstance,
  { context, rateLimits }: { context: PaymentContext; rateLimits: RateLimits },
) {
  const { db } = context;
  acceptFormFields(app);
  // Each press opens a session at SSLCommerz: counted per order or parcel, as card attempts are (R-FLOOD).
  const attempts = (key: (request: FastifyRequest) => string) =>
    floodLimit({
      max: rateLimits.cardAttemptsPerOrder,
      windowMs: RATE_LIMIT_WINDOWS.cardAttempt,
      what: /*i18n*/ 'attempts to pay this order or parcel',
      key,
    });

  const viewerOfSession = async (request: FastifyRequest): Promise<Viewer | undefined> => {
    const session = await app.sessionOf(request).catch(() => null);
    if (!session) return undefined;
    const { user, session: opened } = session;
    return { userId: user.id, email: user.email, name: user.name, sessionId: opened.id };
  };

  const checkout = async (request: FastifyRequest, reply: FastifyReply, what: CheckoutFor, page: string) => {
    const { locale } = localeOfPath(request.url);
    const viewer = await viewerOfSession(request);
    if (!viewer) return reply.redirect(pathInLocale(locale, '/login'), 303);
    try {
      return reply.redirect(await openHostedCheckout(context, viewer, what, locale), 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Paid already, cancelled, or not this customer's: the page says which; SSLCommerz out of reach: it says so.
      const back = error.statusCode >= 500 ? withOutcome(page, 'unavailable') : page;
      return reply.redirect(pathInLocale(locale, back), 303);
    }
  };

  for (const url of inEveryLanguage('/dashboard/payment/:id/sslcommerz')) {
    const config = attempts((request) => (request.params as { id: string }).id);
    app.post<{ Params: { id: string } }>(url, { schema: { hide: true }, config }, async (request, reply) => {
      const orderId = z.uuid().safeParse(request.params.id);
      if (!orderId.success) return reply.status(404).type('text/plain').send('No order has this id.');
      return checkout(request, reply, { orderId: orderId.data }, ORDER_PAGE(orderId.data));
    });
  }
  for (const url of inEveryLanguage('/dashboard/parcels/:trackingCode/sslcommerz')) {
    const config = attempts((request) => (request.params as { trackingCode: string }).trackingCode);
    app.post<{ Params: { trackingCode: string } }>(url, { schema: { hide: true }, config }, async (request, reply) => {
      const { trackingCode } = request.params;
      return checkout(request, reply, { trackingCode }, PARCEL_PAGE(trackingCode));
    });
  }

  /** The customer's browser, sent back by SSLCommerz: the report is checked as the IPN's is, then the page says how it went. */
  const browserReturn =
    (fallback: Exclude<HostedOutcome, 'paid' | 'unavailable'>) => async (request: FastifyRequest, reply: FastifyReply) => {
      const fields = formFields(request);
      const locale: Locale = isLocale(fields.value_b) ? fields.value_b : 'en';
      try {
        const { intent, paid } = await receiveHostedReport(context, fields);
        const page = await pageOf(db, intent);
        return reply.redirect(pathInLocale(locale, withOutcome(page, paid ? 'paid' : fallback)), 303);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.statusCode >= 500) return reply.status(error.statusCode).type('text/plain').send(error.message);
        return reply.status(400).type('text/plain').send(error.message);
      }
    };
  app.post('/api/sslcommerz/success', { schema: { hide: true } }, browserReturn('failed'));
  app.post('/api/sslcommerz/fail', { schema: { hide: true } }, browserReturn('failed'));
  app.post('/api/sslcommerz/cancel', { schema: { hide: true } }, browserReturn('cancelled'));

  app.post(
    '/api/sslcommerz/ipn',
    {
      schema: {
        operationId: 'receiveSslcommerzIpn',
        tags: ['payments'],
        summary:
          'SSLCommerz’s IPN: a payment is paid only once SSLCommerz’s validation API confirms val_id for its tran_id, amount and currency',
        consumes: ['application/x-www-form-urlencoded'],
        errors: [400],
        readByHandler: { body: sslcommerzReportSchema },
        response: {
          200: z
            .object({ received: z.literal(true), paid: z.boolean() })
            .describe('The report is taken (a repeated one changes nothing); `paid` says whether the payment is paid.'),
        },
      },
    },
    async (request) => {
      const { intent, paid } = await receiveHostedReport(context, formFields(request));
      request.log.info({ payment: intent.id, paid }, 'SSLCommerz IPN');
      return { received: true as const, paid };
    },
  );
}
