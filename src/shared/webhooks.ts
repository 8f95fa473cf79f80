import { z } from 'zod';
import { CONSIGNMENT_STATUSES, FAILURE_REASONS } from './consignment-status.ts';
import { HUB_IDS } from './hubs.ts';
import { LIMITS } from './limits.ts';
import { RETURN_REQUEST_KINDS, RETURN_REQUEST_STATUSES } from './return-request.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** What a merchant's endpoint may be told of (R-WEBHOOKS). */
export const WEBHOOK_EVENT_TYPES = [
  'consignment.status_changed',
  'payout.created',
  'payout.paid',
  'return_request.status_changed',
  'consignment.recipient_answered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What the merchant's "send a test event" sends (issue 41): to the one endpoint asked, whatever it takes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Every type an event sent may have: those an endpoint takes, and the test. */
export const WEBHOOK_SENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;
export type WebhookSentType = (typeof WEBHOOK_SENT_TYPES)[number];

export const WEBHOOK_MESSAGES = {
  badUrl: /*i18n*/ 'Give the full address of your endpoint, starting with https://',
  httpsOnly: /*i18n*/ 'The endpoint must use https://',
  privateAddress:
    /*i18n*/ 'This address is not a public internet address (it is private, loopback, link-local or reserved), which webhooks may not reach',
  unresolvable: /*i18n*/ 'This host name could not be found: check the address of your endpoint',
  timedOut: /*i18n*/ 'No answer within 5 seconds',
  refused: /*i18n*/ 'Connection refused',
  tls: /*i18n*/ 'TLS failed: the certificate or the secure connection was not accepted',
  connectionFailed: /*i18n*/ 'The connection failed or closed before an answer',
  port: /*i18n*/ 'Use port 443 or a port from 1024 to 65535',
  tooMany: englishText(/*i18n*/ 'You have {max} webhook endpoints: remove one first.', { max: LIMITS.webhookEndpointsMax }),
  noEvents: /*i18n*/ 'Choose at least one event',
  noEndpoint: /*i18n*/ 'No webhook endpoint has this id.',
  noDelivery: /*i18n*/ 'No webhook delivery has this id.',
} as const;

/**
 * The ports an endpoint may use (decision 106): https's own, or any above the well-known ones, where
 * web servers listen; ports 1–1023 other than 443 are mail, SSH, DNS and other services a webhook has
 * no business knocking on, and knocking on them from our servers would probe them for anyone.
 */
export const isWebhookPort = (url: URL) => {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return port === 443 || port >= 1024;
};

/** `POST /api/merchant/webhooks`: where to send, and which events. */
export const webhookEndpointInputSchema = z.object({
  url: textField(/*i18n*/ 'url', { error: WEBHOOK_MESSAGES.badUrl })
    .trim()
    .max(LIMITS.webhookUrlMaxLength, WEBHOOK_MESSAGES.badUrl)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: WEBHOOK_MESSAGES.badUrl,
      abort: true,
    })
    .refine((value) => isWebhookPort(new URL(value)), WEBHOOK_MESSAGES.port),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.noEvents }), { error: WEBHOOK_MESSAGES.noEvents })
    .min(1, WEBHOOK_MESSAGES.noEvents)
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** An endpoint as the merchant's list shows it: never its secret after it was made. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
/** The merchant's endpoints, newest first. */
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** The answer to registering an endpoint: its signing secret, this once. */
export const newWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type NewWebhookEndpoint = z.infer<typeof newWebhookEndpointSchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid({ error: WEBHOOK_MESSAGES.noEndpoint }) });
export const webhookDeliveryIdParamsSchema = z.object({ id: z.uuid({ error: WEBHOOK_MESSAGES.noDelivery }) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One try at sending: its HTTP status, or why there was none, and how long it took. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

/** One event queued for one endpoint, and every try at sending it (the delivery log). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_SENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** An endpoint's latest deliveries, newest first. */
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

/** `data` of consignment.status_changed: the parcel's new status and what the move said. */
export const consignmentStatusChangedSchema = z.object({
  trackingCode: z.string(),
  merchantInvoice: z.string().nullable().describe('Your invoice number, as you booked it; null when you gave none.'),
  status: z.enum(CONSIGNMENT_STATUSES),
  previousStatus: z.enum(CONSIGNMENT_STATUSES),
  reason: z.enum(FAILURE_REASONS).nullable().describe('Why a delivery failed or was put off; null otherwise.'),
  hub: z.enum(HUB_IDS).nullable().describe('The hub the parcel was scanned at; null for a move off a hub.'),
  at: z.string().describe('When it moved (ISO 8601).'),
  test: z.boolean().describe('A sandbox parcel, moved on request with a test key (R-SANDBOX).'),
});
export type ConsignmentStatusChanged = z.infer<typeof consignmentStatusChangedSchema>;

/** `data` of payout.created and payout.paid; amounts in poisha. */
export const payoutEventSchema = z.object({
  number: z.string().describe('The payout’s number, as statements and `GET /api/v1/payouts` name it (PO-5001).'),
  amount: z.number().int().describe('What it pays you, in poisha.'),
  lines: z.number().int().describe('How many ledger lines it settles.'),
  cutoff: z.string().describe('It settles the lines written before this moment (ISO 8601).'),
  paidAt: z.string().nullable().describe('When it was transferred; null until then.'),
  reference: z.string().nullable().describe('The bank’s or wallet’s reference of the transfer; null until paid.'),
});
export type PayoutEvent = z.infer<typeof payoutEventSchema>;

/** `data` of return_request.status_changed (R-RETURN-REQUESTS): the request's new status and its parcel. */
export const returnRequestStatusChangedSchema = z.object({
  id: z.string().describe('The return request’s id (`GET /api/v1/return-requests/{id}`).'),
  trackingCode: z.string().describe('The parcel it brings back.'),
  merchantInvoice: z.string().nullable().describe('Your invoice number of the parcel; null when you gave none.'),
  kind: z.enum(RETURN_REQUEST_KINDS),
  status: z.enum(RETURN_REQUEST_STATUSES),
  previousStatus: z.enum(RETURN_REQUEST_STATUSES),
  failureReason: z.string().nullable().describe('Why the pickup failed; null otherwise.'),
  at: z.string().describe('When it moved (ISO 8601).'),
  test: z.boolean().describe('Of a sandbox parcel, moved on request with a test key (R-SANDBOX).'),
});
export type ReturnRequestStatusChanged = z.infer<typeof returnRequestStatusChangedSchema>;

/**
 * `data` of consignment.recipient_answered (R-CONFIRM-BEFORE-PICKUP, decision 182): a parcel's recipient answered
 * its confirm-before-pickup link. A change asked for waits for you on the parcel's page; a parcel not ordered is held.
 */
export const recipientAnsweredSchema = z.object({
  trackingCode: z.string(),
  merchantInvoice: z.string().nullable().describe('Your invoice number, as you booked it; null when you gave none.'),
  answer: z
    .enum(['confirmed', 'change_asked', 'not_ordered'])
    .describe(
      'confirmed: they expect it; change_asked: they ask for a new address or phone (accept or decline it); not_ordered: they say they did not order it, and it is held (not picked up).',
    ),
  proposedAddress: z.string().nullable().describe('The address they ask for; null when none.'),
  proposedPhone: z.string().nullable().describe('The phone number they ask for, in its normal form; null when none.'),
  at: z.string().describe('When they answered (ISO 8601).'),
});
export type RecipientAnswered = z.infer<typeof recipientAnsweredSchema>;

/** `data` of webhook.test: the endpoint it was sent to; nothing happened to a parcel or a payout. */
export const webhookTestSchema = z.object({ endpointId: z.string() });
export type WebhookTest = z.infer<typeof webhookTestSchema>;

/** What an event carries, by type: the one definition of every body the sender signs (R-WEBHOOKS). */
export const WEBHOOK_EVENT_DATA = {
  'consignment.status_changed': consignmentStatusChangedSchema,
  'payout.created': payoutEventSchema,
  'payout.paid': payoutEventSchema,
  'return_request.status_changed': returnRequestStatusChangedSchema,
  'consignment.recipient_answered': recipientAnsweredSchema,
  'webhook.test': webhookTestSchema,
} as const satisfies Record<WebhookSentType, z.ZodType>;

/** What an event carries, by type. */
export type WebhookEventData = { [Type in WebhookSentType]: z.infer<(typeof WEBHOOK_EVENT_DATA)[Type]> };

/** The body of an event of `type` as it is sent and signed: its id, type, time and data. */
export const webhookEventSchema = <Type extends WebhookSentType>(type: Type) =>
  z.object({
    id: z.string().describe('The event’s id: the same on every attempt and every resend, so a receiver can skip a repeat.'),
    type: z.literal(type),
    createdAt: z.string().describe('When the event was written (ISO 8601).'),
    data: WEBHOOK_EVENT_DATA[type],
  });

/** Each event type's body, made once: the sender builds every body through its own, the API document names each. */
export const WEBHOOK_EVENT_BODIES = {
  'consignment.status_changed': webhookEventSchema('consignment.status_changed'),
  'payout.created': webhookEventSchema('payout.created'),
  'payout.paid': webhookEventSchema('payout.paid'),
  'return_request.status_changed': webhookEventSchema('return_request.status_changed'),
  'consignment.recipient_answered': webhookEventSchema('consignment.recipient_answered'),
  'webhook.test': webhookEventSchema('webhook.test'),
} as const satisfies Record<WebhookSentType, z.ZodType>;
