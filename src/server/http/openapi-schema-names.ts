import { z } from 'zod';
import { areaDirectorySchema } from '#shared/area.ts';
import { cartSchema } from '#shared/cart.ts';
import { categorySchema } from '#shared/category.ts';
import { bookingSchema, consignmentSchema } from '#shared/consignment.ts';
import { consignmentBatchSchema } from '#shared/consignment-batch.ts';
import { freightRequestSchema } from '#shared/freight.ts';
import { ledgerLineSchema, ledgerPageSchema, merchantSchema, payoutSchema } from '#shared/merchant.ts';
import { apiKeySchema, newApiKeySchema } from '#shared/merchant-api.ts';
import { adminOrdersPageSchema, orderSchema } from '#shared/order.ts';
import { parcelsPageSchema } from '#shared/parcel-lists.ts';
import { dayPickupsSchema, pickupSchema } from '#shared/pickup.ts';
import { adminProductSchema, productSchema } from '#shared/product.ts';
import { quoteSchema, serviceCatalogueSchema } from '#shared/quote.ts';
import { postedReviewSchema, reviewSchema } from '#shared/review.ts';
import { profileSchema, userSchema } from '#shared/user.ts';
import { newWebhookEndpointSchema, webhookDeliverySchema, webhookEndpointSchema } from '#shared/webhooks.ts';

/**
 * The shared answer schemas the API documents name in `components.schemas` (issue 39 item 11), each
 * referred to wherever a route answers it. Named here, in zod's global registry, rather than where each
 * is defined: the web app, which loads those schemas too, has no use for the names.
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  AdminOrdersPage: adminOrdersPageSchema,
  AdminProduct: adminProductSchema,
  ApiKey: apiKeySchema,
  AreaDirectory: areaDirectorySchema,
  Booking: bookingSchema,
  Cart: cartSchema,
  Category: categorySchema,
  Consignment: consignmentSchema,
  ConsignmentBatch: consignmentBatchSchema,
  DayPickups: dayPickupsSchema,
  FreightRequest: freightRequestSchema,
  LedgerLine: ledgerLineSchema,
  LedgerPage: ledgerPageSchema,
  Merchant: merchantSchema,
  NewApiKey: newApiKeySchema,
  NewWebhookEndpoint: newWebhookEndpointSchema,
  Order: orderSchema,
  ParcelsPage: parcelsPageSchema,
  Payout: payoutSchema,
  Pickup: pickupSchema,
  PostedReview: postedReviewSchema,
  Product: productSchema,
  Profile: profileSchema,
  Quote: quoteSchema,
  Review: reviewSchema,
  ServiceCatalogue: serviceCatalogueSchema,
  User: userSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookEndpoint: webhookEndpointSchema,
};

/** Gives each schema above its name, once per process (every app instance shares zod's registry). */
export function nameSharedSchemas(): void {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS))
    if (z.globalRegistry.get(schema)?.id !== id) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
