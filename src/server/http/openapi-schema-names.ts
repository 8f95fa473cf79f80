import { z } from 'zod';
import { areaDirectorySchema } from '#shared/area.ts';
import { cartSchema } from '#shared/cart.ts';
import { categorySchema } from '#shared/category.ts';
import { bookingSchema, consignmentInputSchema, consignmentSchema, merchantConsignmentInputSchema } from '#shared/consignment.ts';
import { consignmentBatchInputSchema, consignmentBatchSchema } from '#shared/consignment-batch.ts';
import { freightRequestSchema } from '#shared/freight.ts';
import {
  codBalanceSchema,
  ledgerLineSchema,
  ledgerPageSchema,
  merchantSchema,
  payoutPageSchema,
  payoutSchema,
} from '#shared/merchant.ts';
import { apiKeySchema, newApiKeySchema } from '#shared/merchant-api.ts';
import { adminOrdersPageSchema, orderSchema } from '#shared/order.ts';
import { parcelsPageSchema } from '#shared/parcel-lists.ts';
import { parcelOutcomesSchema } from '#shared/parcel-outcomes.ts';
import { dayPickupsSchema, pickupSchema } from '#shared/pickup.ts';
import { adminProductSchema, productSchema } from '#shared/product.ts';
import { quoteSchema, serviceCatalogueSchema } from '#shared/quote.ts';
import { recipientRecordLookupSchema, recipientRecordSchema } from '#shared/recipient-record.ts';
import {
  returnRequestInputSchema,
  returnRequestMoveSchema,
  returnRequestPageSchema,
  returnRequestSchema,
} from '#shared/return-request.ts';
import { postedReviewSchema, reviewSchema } from '#shared/review.ts';
import { sandboxAdvanceSchema } from '#shared/sandbox.ts';
import { storeChangeSchema, storeInputSchema, storeListSchema, storeSchema } from '#shared/store.ts';
import { profileSchema, userSchema } from '#shared/user.ts';
import {
  consignmentStatusChangedSchema,
  newWebhookEndpointSchema,
  payoutEventSchema,
  recipientAnsweredSchema,
  returnRequestStatusChangedSchema,
  WEBHOOK_EVENT_BODIES,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookTestSchema,
} from '#shared/webhooks.ts';
import { MORE_SCHEMA_EXAMPLES, SCHEMA_EXAMPLES } from './openapi-examples.ts';

/**
 * The shared answer schemas the API documents name in `components.schemas` (issue 39 item 11), each
 * referred to wherever a route answers it. Named here, in zod's global registry, rather than where each
 * is defined: the web app, which loads those schemas too, has no use for the names. Since issue 41 the
 * request bodies too (a body the validator reads is named with `Input` after its name: `NewConsignmentInput`),
 * the lists, and the webhook events' bodies the sender builds through (the document's `webhooks`).
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  AdminOrdersPage: adminOrdersPageSchema,
  AdminProduct: adminProductSchema,
  ApiKey: apiKeySchema,
  AreaDirectory: areaDirectorySchema,
  Booking: bookingSchema,
  CodBalance: codBalanceSchema,
  Cart: cartSchema,
  Category: categorySchema,
  Consignment: consignmentSchema,
  ConsignmentBatch: consignmentBatchSchema,
  ConsignmentStatusChange: consignmentStatusChangedSchema,
  ConsignmentStatusChangedEvent: WEBHOOK_EVENT_BODIES['consignment.status_changed'],
  DayPickups: dayPickupsSchema,
  FreightRequest: freightRequestSchema,
  LedgerLine: ledgerLineSchema,
  LedgerPage: ledgerPageSchema,
  Merchant: merchantSchema,
  NewApiKey: newApiKeySchema,
  NewConsignment: merchantConsignmentInputSchema,
  NewSenderConsignment: consignmentInputSchema,
  NewConsignmentBatch: consignmentBatchInputSchema,
  NewStore: storeInputSchema,
  NewWebhookEndpoint: newWebhookEndpointSchema,
  Order: orderSchema,
  ParcelsPage: parcelsPageSchema,
  ParcelOutcomes: parcelOutcomesSchema,
  Payout: payoutSchema,
  PayoutCreatedEvent: WEBHOOK_EVENT_BODIES['payout.created'],
  PayoutDetails: payoutEventSchema,
  PayoutPage: payoutPageSchema,
  PayoutPaidEvent: WEBHOOK_EVENT_BODIES['payout.paid'],
  Pickup: pickupSchema,
  PostedReview: postedReviewSchema,
  Product: productSchema,
  Profile: profileSchema,
  Quote: quoteSchema,
  RecipientRecord: recipientRecordSchema,
  RecipientRecordLookup: recipientRecordLookupSchema,
  NewReturnRequest: returnRequestInputSchema,
  ReturnRequest: returnRequestSchema,
  ReturnRequestMove: returnRequestMoveSchema,
  ReturnRequestPage: returnRequestPageSchema,
  ReturnRequestStatusChange: returnRequestStatusChangedSchema,
  ReturnRequestStatusChangedEvent: WEBHOOK_EVENT_BODIES['return_request.status_changed'],
  RecipientAnswer: recipientAnsweredSchema,
  RecipientAnsweredEvent: WEBHOOK_EVENT_BODIES['consignment.recipient_answered'],
  Review: reviewSchema,
  SandboxMove: sandboxAdvanceSchema,
  ServiceCatalogue: serviceCatalogueSchema,
  Store: storeSchema,
  StoreChange: storeChangeSchema,
  StoreList: storeListSchema,
  User: userSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryList: webhookDeliveryListSchema,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEndpointList: webhookEndpointListSchema,
  WebhookEndpointRegistration: webhookEndpointInputSchema,
  WebhookTest: webhookTestSchema,
  WebhookTestEvent: WEBHOOK_EVENT_BODIES['webhook.test'],
};

/** Gives each schema above its name and its example, once per process (every app instance shares zod's registry). */
export function nameSharedSchemas(): void {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    if (z.globalRegistry.get(schema)?.id === id) continue;
    const example = SCHEMA_EXAMPLES[id];
    z.globalRegistry.add(schema, {
      ...z.globalRegistry.get(schema),
      id,
      ...(example === undefined ? {} : { examples: [example, ...(MORE_SCHEMA_EXAMPLES[id] ?? [])] }),
    });
  }
}

/**
 * The components with each request body's example: zod writes an example into a schema's output form only
 * (it may not be what the input looks like), and a request body is its input form, `…Input`.
 */
export function withRequestExamples<Document extends object>(document: Document): Document {
  const { components } = document as { components?: { schemas?: Record<string, object> } };
  const schemas = { ...components?.schemas };
  for (const [id, example] of Object.entries(SCHEMA_EXAMPLES)) {
    const input = schemas[`${id}Input`];
    if (input && !('examples' in input)) schemas[`${id}Input`] = { ...input, examples: [example] };
  }
  return { ...document, components: { ...components, schemas } };
}

/** The webhook event types and the component each one's body is named (the document's `webhooks`, issue 41). */
export const WEBHOOK_EVENT_NAMES = Object.fromEntries(
  Object.entries(WEBHOOK_EVENT_BODIES).map(([type, body]) => [
    type,
    Object.entries(NAMED_SCHEMAS).find(([, schema]) => schema === body)?.[0] ?? '',
  ]),
) as Record<keyof typeof WEBHOOK_EVENT_BODIES, string>;
