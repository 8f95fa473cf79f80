import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ADDRESS_QUALITIES } from '#shared/address-quality.ts';
import { BAG_STATUSES } from '#shared/bag.ts';
import type { ColumnChoices } from '#shared/bulk-booking.ts';
import { DELIVERY_TYPES, FEE_PAYMENTS } from '#shared/consignment.ts';
import { CONSIGNMENT_STATUSES, FAILURE_REASONS, STUCK_STATUSES } from '#shared/consignment-status.ts';
import { FREIGHT_MODES, FREIGHT_STATUSES } from '#shared/freight.ts';
import { DEFAULT_LOCALE, LOCALES } from '#shared/locale.ts';
import { LEDGER_KINDS, MERCHANT_STATUSES, type MerchantApplication, type PayoutMethod } from '#shared/merchant.ts';
import { CANCELLED_BY, ORDER_STATUSES } from '#shared/order-status.ts';
import { OUTCOME_CONFIRMATIONS, PARCEL_OUTCOMES } from '#shared/parcel-outcomes.ts';
import { SERVICES, ZONES } from '#shared/parcel-services.ts';
import { PAYOUT_RUN_STATES } from '#shared/payout-run.ts';
import { PICKUP_WINDOWS } from '#shared/pickup.ts';
import { CONFIRMATION_STATES } from '#shared/recipient-confirmation.ts';
import { RETURN_REQUEST_KINDS, RETURN_REQUEST_STATUSES } from '#shared/return-request.ts';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_SENT_TYPES } from '#shared/webhooks.ts';
import { user } from './auth-schema.ts';

export * from './auth-schema.ts';

export const userProfiles = pgTable('user_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  address: text('address').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The shelves of the catalogue (R-CATEGORY); names are unique whatever their case. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('categories_name_idx').on(sql`lower(${table.name})`)],
);

/** Where the catalogue finds the text as typed (R-SEARCH): the GIN index and the query must spell it the same way. */
export const productSearchText = sql`(name || ' ' || description)`;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    picture: text('picture').notNull(),
    /** A category that is deleted leaves its products uncategorised (R-CATEGORY). */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    ownerEmail: text('owner_email').notNull(),
    ownerName: text('owner_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_created_at_idx').on(table.createdAt),
    // The catalogue's sorts and filters (R-CATALOGUE): each sort reads its index in order and stops at the page.
    index('products_price_idx').on(table.priceCents, table.id),
    index('products_name_idx').on(table.name, table.id),
    index('products_category_idx').on(table.categoryId, table.createdAt),
    index('products_search_idx').using('gin', sql`${productSearchText} gin_trgm_ops`),
    index('products_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check('products_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    check('products_quantity_range', sql`${table.minQuantity} >= 1 AND ${table.minQuantity} <= ${table.maxQuantity}`),
  ],
);

/**
 * A signed-in customer's cart (R-CART): one line per product, kept on the server so it follows them across
 * devices. `seenPriceCents` is the price when the line was added, only to say that it changed since;
 * what an order charges is always the product's price at that moment.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // A product that is deleted leaves no line behind: nothing could be bought from it.
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    seenPriceCents: integer('seen_price_cents').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('cart_lines_product_id_idx').on(table.productId),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** An order keeps its own copy of name, picture and price so it survives its product's deletion. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people read and search for (SC-100001 onwards, R-ORDER-NUMBER); existing orders are numbered too. */
    number: integer('number').notNull().unique().generatedByDefaultAsIdentity({ startWith: 100001 }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    // Null once the customer's account is deleted: their paid orders stay for the shop's books (R-ACCOUNT-DELETE).
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    picture: text('picture').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    paid: boolean('paid').notNull().default(false),
    /** Where the order stands (R-ORDER-STATUS); `paid` stays true once money was taken, even after a refund. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    /** Who cancelled an unpaid order: kept so My Orders and the mail can say why (R-ORDER-STATUS). */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Where it goes, copied at purchase or added by an admin (R-ORDER-ADDRESS, decision 0033); null until given. */
    shippingName: text('shipping_name'),
    shippingAddress: text('shipping_address'),
    shippingPhone: text('shipping_phone'),
    transactionId: text('transaction_id'),
    payment: text('payment'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_email_idx').on(table.email, table.createdAt),
    // My Orders lists by user, and deleting a user looks up their orders.
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    // Manage Orders reads newest first (ties by id), with or without a status, and stops at the page;
    // the CSV walks on from its last order (R-ORDERS-ADMIN). The expiry sweep reads the oldest unpaid.
    index('orders_created_at_idx').on(table.createdAt, table.id),
    index('orders_product_id_idx').on(table.productId),
    index('orders_status_created_at_idx').on(table.status, table.createdAt, table.id),
    // Manage Orders' search by any part of an email, whatever its case (decision 0034).
    index('orders_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    // The overview's sales by day (R-OVERVIEW).
    index('orders_paid_at_idx').on(table.paidAt),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    // A delivery address is whole or absent: never a name without an address to send it to.
    check(
      'orders_shipping_address_whole',
      sql`(${table.shippingName} IS NULL) = (${table.shippingAddress} IS NULL) AND (${table.shippingAddress} IS NULL) = (${table.shippingPhone} IS NULL)`,
    ),
  ],
);

/**
 * What an order holds, one line per product (R-CHECKOUT): each line keeps its own copy of name, picture and
 * prices, so it survives its product's deletion; stock given back goes through the lines. A Buy Now order
 * has one line; the order's own product columns describe it as the fields of R-API do (decision 0037).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    picture: text('picture').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Where the line stands in its order: the cart's order, as the customer reviewed it. */
    position: smallint('position').notNull(),
  },
  (table) => [
    uniqueIndex('order_lines_order_position_idx').on(table.orderId, table.position),
    index('order_lines_product_id_idx').on(table.productId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** An order's timeline (R-ORDER-TIMELINE): every status change, written in the transaction that makes it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The clock, not the transaction's start: lines written by one transaction (an admin's address given
    // with shipping, R-ORDER-ADDRESS) keep the order they were written in.
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** Who made the change: the customer, an admin (by email), the expiry, or the payment processor. */
    actor: text('actor').notNull(),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [index('order_events_order_id_idx').on(table.orderId, table.at)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    reviewName: text('review_name').notNull(),
    reviewEmail: text('review_email').notNull(),
    reviewPhoto: text('review_photo').notNull(),
    reviewRating: smallint('review_rating').notNull(),
    reviewDescription: text('review_description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reviews_created_at_idx').on(table.createdAt),
    check('reviews_rating_range', sql`${table.reviewRating} BETWEEN 1 AND 5`),
  ],
);

/** One payment intent per order, whichever provider made it; the test processor keeps its state here too. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Or the delivery fee of a consignment its sender pays by card (issue 28): one of the two, never both. */
    consignmentId: uuid('consignment_id')
      .unique()
      .references(() => consignments.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['test', 'stripe', 'sslcommerz'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    /** The processor's refund of this payment, once made: asking again answers it (R-ORDER-REFUND, SSLCommerz). */
    refundId: text('refund_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('payment_intents_pay_one_thing', sql`(${table.orderId} IS NULL) <> (${table.consignmentId} IS NULL)`)],
);

/** Provider webhook events already handled, so a replayed event changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every mail the shop sends, written in the transaction of the event that causes it (R-MAIL-OUTBOX).
 * Rows are kept after delivery: the admin Mailbox lists them. `data` holds the event's facts; the
 * text is rendered from a template when the mail is sent or read.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').notNull(),
    /** The recipient's language when it was written: the mail is rendered in it (R-LANGUAGES). */
    locale: text('locale', { enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next try it; a claim moves it ahead by the lease, so no other instance takes it meanwhile. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Handed to the SMTP server, or (no SMTP_URL) kept for the Mailbox with its link printed; null while waiting. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: text('delivered_by', { enum: ['smtp', 'mailbox'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_waiting_idx').on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null`),
    index('mail_outbox_created_at_idx').on(table.createdAt),
    // The Mailbox's mails by recipient and by kind, newest first (issue 43, R-MAILBOX).
    index('mail_outbox_recipient_idx').on(sql`lower(${table.recipient})`, table.createdAt, table.id),
    index('mail_outbox_kind_idx').on(table.kind, table.createdAt, table.id),
  ],
);

/**
 * Text messages to phones (issue 29), with the mail outbox's guarantees: written in the transaction of
 * their event, claimed with a lease so each is sent once across instances, retried with backoff. The
 * text is written in its reader's language when queued: a text message has no template to fill later.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Taken by the gateway, or (no SMS_PROVIDER) kept for the Mailbox, or skipped: a booking text over
     * its number's daily budget, done with unsent (decision 108); null while waiting.
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: text('delivered_by', { enum: ['gateway', 'mailbox', 'skipped'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sms_outbox_waiting_idx').on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null`),
    index('sms_outbox_created_at_idx').on(table.createdAt),
    // A number's texts of a day, counted for each booking text (decision 108).
    index('sms_outbox_phone_idx').on(table.phone, table.createdAt),
    // The Mailbox's texts by kind, newest first (issue 43, R-MAILBOX).
    index('sms_outbox_kind_idx').on(table.kind, table.createdAt, table.id),
  ],
);

/**
 * The rate cards admins imported (R-RATE-CARD), the newest in force; none until the first import, when
 * the card shipped with the shop (src/server/modules/rates/default-rate-card.csv) is in force. Kept, so
 * a consignment names the card that priced it.
 */
export const rateCards = pgTable('rate_cards', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  card: jsonb('card').notNull(),
  importedBy: text('imported_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A parcel on its way (STUCK_STATUSES), as a partial index's predicate: written out, as an index's must be. */
const onTheWay = (status: AnyPgColumn) => sql`${status} IN (${sql.raw(STUCK_STATUSES.map((name) => `'${name}'`).join(', '))})`;

/**
 * A parcel a customer booked (issue 28, R-BOOKING): who sends it from where, to whom, and what it costs,
 * priced on the server when it was booked and kept as it was when the rate card changes later.
 */
export const consignments = pgTable(
  'consignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackingCode: text('tracking_code').notNull().unique(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    service: text('service', { enum: SERVICES }).notNull(),
    zone: text('zone', { enum: ZONES }).notNull(),
    status: text('status', { enum: CONSIGNMENT_STATUSES }).notNull().default('booked'),
    pickupName: text('pickup_name').notNull(),
    pickupPhone: text('pickup_phone').notNull(),
    pickupAddress: text('pickup_address').notNull(),
    pickupAreaId: text('pickup_area_id').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    recipientAddress: text('recipient_address').notNull(),
    recipientAreaId: text('recipient_area_id').notNull(),
    /**
     * How findable the recipient's address was at booking (issue 44, R-ADDRESS-QUALITY): staff and the rider
     * call first when it is vague or bare. Null for parcels booked before it was kept.
     */
    recipientAddressQuality: text('recipient_address_quality', { enum: ADDRESS_QUALITIES }),
    /**
     * Whether its recipient confirmed it (issue 44, R-PARCEL-OUTCOMES, decision 182): null until asked, kept by a
     * trigger on recipient_confirmations, so parcel_outcomes' triggers read it off the parcel's own row.
     */
    recipientConfirmation: text('recipient_confirmation', { enum: ['confirmed', 'unconfirmed'] }),
    weightGrams: integer('weight_grams').notNull(),
    /** Poisha, as every amount of a consignment. */
    codAmount: integer('cod_amount').notNull(),
    declaredValue: integer('declared_value'),
    merchantInvoice: text('merchant_invoice'),
    /** A note to the rider. */
    note: text('note'),
    /** What merchants send with a parcel (issue 41, R-PARCEL-DETAILS). */
    itemDescription: text('item_description'),
    quantity: integer('quantity'),
    alternativePhone: text('alternative_phone'),
    recipientEmail: text('recipient_email'),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPES }).notNull().default('home'),
    /** The merchant's store it is picked up at (issue 41); its pickup fields are a copy of the store's then. */
    storeId: uuid('store_id').references(() => merchantStores.id),
    deliveryFee: integer('delivery_fee').notNull(),
    codFee: integer('cod_fee').notNull(),
    total: integer('total').notNull(),
    /** Paid by card before pickup, or taken from the cash collected on delivery. */
    feePayment: text('fee_payment', { enum: FEE_PAYMENTS }).notNull(),
    feePaidAt: timestamp('fee_paid_at', { withTimezone: true }),
    feeTransactionId: text('fee_transaction_id'),
    rateCardId: integer('rate_card_id').references(() => rateCards.id),
    estimatedEarliest: text('estimated_earliest').notNull(),
    estimatedLatest: text('estimated_latest').notNull(),
    /** Times it went out for delivery (R-PARCEL-STATUS: at most MAX_DELIVERY_ATTEMPTS). */
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    /** The status an on-hold parcel goes back to. */
    heldFrom: text('held_from', { enum: CONSIGNMENT_STATUSES }),
    /** The hub it was last scanned at. */
    hub: text('hub'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The shop's order it carries, when the shop shipped one of its orders through the network (issue 29). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The rider it is out for delivery with (issue 29). */
    riderId: text('rider_id').references(() => user.id, { onDelete: 'set null' }),
    /** The recipient's delivery code of this attempt, hashed with the parcel's id; its wrong tries and its end. */
    deliveryCodeHash: text('delivery_code_hash'),
    deliveryCodeTries: integer('delivery_code_tries').notNull().default(0),
    deliveryCodeExpiresAt: timestamp('delivery_code_expires_at', { withTimezone: true }),
    /** Cash the rider collected on delivery, in poisha, and when the rider handed it in at the hub. */
    codCollected: integer('cod_collected'),
    codHandedInAt: timestamp('cod_handed_in_at', { withTimezone: true }),
    /** What a partial delivery handed over. */
    deliveryNote: text('delivery_note'),
    /** A delivery proved by a photo instead of the code: who took the parcel, and the private photo's name. */
    receivedBy: text('received_by'),
    handoverPhoto: text('handover_photo'),
    /** The spreadsheet a merchant booked it in, with others (issue 30): their labels print as one PDF. */
    bulkBookingId: uuid('bulk_booking_id').references(() => bulkBookings.id),
    /**
     * Booked with a test key (issue 41, R-SANDBOX, decision 155): it never reaches a hub, rider, ledger,
     * Operations count or text message, and only test keys see it through the API.
     */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Lists newest first by (created_at, id) (decision 126): My Parcels by its sender, the admins' list by
    // each filter, each index walked in order and stopped at the page.
    index('consignments_user_id_idx').on(table.userId, table.createdAt, table.id),
    index('consignments_created_idx').on(table.createdAt, table.id),
    // The merchant API's list by store (issue 41): the sender's parcels of one store, walked in order.
    index('consignments_user_store_created_idx')
      .on(table.userId, table.storeId, table.createdAt, table.id)
      .where(sql`${table.storeId} IS NOT NULL`),
    index('consignments_status_created_idx').on(table.status, table.createdAt, table.id),
    index('consignments_hub_created_idx').on(table.hub, table.createdAt, table.id),
    index('consignments_area_created_idx').on(table.recipientAreaId, table.createdAt, table.id),
    // A search by the recipient's phone, exactly (decision 127).
    index('consignments_recipient_phone_idx').on(table.recipientPhone),
    index('consignments_bulk_idx').on(table.bulkBookingId),
    index('consignments_status_idx').on(table.status, table.statusChangedAt),
    // The public lookup by invoice and recipient's phone (R-TRACKING): merchants reuse small numbers ("1001").
    index('consignments_invoice_phone_idx').on(table.merchantInvoice, table.recipientPhone),
    // A merchant's invoice number names one parcel of theirs (R-BOOKING); a cancelled one frees it for a rebooking.
    // The sandbox's parcels have their own numbers (R-SANDBOX): a test of order 1001 never holds the real 1001.
    uniqueIndex('consignments_sender_invoice_unique')
      .on(table.userId, table.merchantInvoice, table.test)
      .where(sql`${table.merchantInvoice} IS NOT NULL AND ${table.status} <> 'cancelled'`),
    index('consignments_rider_idx').on(table.riderId, table.status),
    // Operations (R-OPERATIONS, decision 123): the parcels sitting longest in a status on their way, read
    // oldest first without touching the delivered million; and the cash riders still hold, by rider.
    index('consignments_on_the_way_idx').on(table.statusChangedAt).where(onTheWay(table.status)),
    // Operations' stuck parcels opened as a list (R-OPERATIONS-LISTS): the network's parcels on their way,
    // newest first, the time of their status read in the index, so a page and its capped count never visit
    // the parcels still moving (at 1 M: 116 and 65 ms, now 2 and 3 ms; docs/performance.md).
    index('consignments_stuck_created_idx')
      .on(table.createdAt, table.id, table.statusChangedAt)
      .where(sql`${onTheWay(table.status)} AND ${table.test} = false`),
    index('consignments_cash_with_riders_idx')
      .on(table.riderId, table.codCollected)
      .where(sql`${table.codCollected} > 0 AND ${table.codHandedInAt} IS NULL`),
    index('consignments_order_idx').on(table.orderId),
    // The reconciliation's cash (R-RECONCILIATION): the parcels whose cash was handed in on a day.
    index('consignments_handed_in_idx').on(table.codHandedInAt).where(sql`${table.codHandedInAt} IS NOT NULL`),
    check('consignments_weight_positive', sql`${table.weightGrams} > 0`),
    check('consignments_total', sql`${table.total} = ${table.deliveryFee} + ${table.codFee}`),
    check('consignments_cod_pays_fee', sql`${table.feePayment} <> 'cod' OR ${table.codAmount} >= ${table.total}`),
  ],
);

/**
 * A parcel's history (R-PARCEL-STATUS): one row per move, written in the move's transaction and never
 * changed. Its message is made when it is read, in the reader's language, from these facts.
 * Partitioned by month of created_at (decision 0129; migration 0024 and history-partitions.ts keep the
 * months made), so the key carries created_at and the id comes from a sequence, not an identity.
 */
export const consignmentEvents = pgTable(
  'consignment_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    consignmentId: uuid('consignment_id')
      .notNull()
      .references(() => consignments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONSIGNMENT_STATUSES }).notNull(),
    reason: text('reason', { enum: FAILURE_REASONS }),
    hub: text('hub'),
    /** Who moved it: staff, the sender, or nobody (the booking itself is the sender's). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'consignment_events_pkey', columns: [table.id, table.createdAt] }),
    index('consignment_events_consignment_idx').on(table.consignmentId, table.id),
    // Failed attempts by reason over the last days (R-OPERATIONS, decision 123): only the failures, by time.
    index('consignment_events_failed_idx').on(table.createdAt, table.reason).where(sql`${table.status} = 'delivery_failed'`),
  ],
);

/**
 * Bags (sacks) moved between hubs (issue 43, R-BAGS, decision 172): opened at a hub for another, moved by
 * the table of src/shared/bag.ts. Its parcels move with it, each by its own move and event.
 */
export const bags = pgTable(
  'bags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What its label carries (BG…, src/shared/bag.ts). */
    code: text('code').notNull().unique(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    status: text('status', { enum: BAG_STATUSES }).notNull().default('open'),
    openedBy: text('opened_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
  },
  (table) => [
    // The bags' list newest first (decision 126), and a hub's bags leaving or arriving.
    index('bags_created_idx').on(table.createdAt, table.id),
    index('bags_origin_created_idx').on(table.origin, table.createdAt, table.id),
    index('bags_destination_created_idx').on(table.destination, table.createdAt, table.id),
    check('bags_other_hub', sql`${table.origin} <> ${table.destination}`),
  ],
);

/**
 * The parcels put in a bag (R-BAGS). `carried` is true from the scan in until the bag arrives or the parcel
 * is taken out: a parcel is carried in one bag at most (the unique index), whatever two operators do at once.
 */
export const bagParcels = pgTable(
  'bag_parcels',
  {
    bagId: uuid('bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    consignmentId: uuid('consignment_id')
      .notNull()
      .references(() => consignments.id, { onDelete: 'cascade' }),
    carried: boolean('carried').notNull().default(true),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Scanned out of the bag at its destination; still null at arrival, it is missing. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'bag_parcels_pkey', columns: [table.bagId, table.consignmentId] }),
    uniqueIndex('bag_parcels_carried_unique').on(table.consignmentId).where(sql`${table.carried}`),
    // A bag's parcels in the order they went in: its list and manifest walk this a page at a time.
    index('bag_parcels_bag_added_idx').on(table.bagId, table.addedAt, table.consignmentId),
  ],
);

/** Parcels scanned out of a bag at arrival that were never put in it (R-BAGS): the bag's extra parcels. */
export const bagExtraParcels = pgTable(
  'bag_extra_parcels',
  {
    bagId: uuid('bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    consignmentId: uuid('consignment_id')
      .notNull()
      .references(() => consignments.id, { onDelete: 'cascade' }),
    scannedBy: text('scanned_by').references(() => user.id, { onDelete: 'set null' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'bag_extra_parcels_pkey', columns: [table.bagId, table.consignmentId] }),
    index('bag_extra_parcels_scanned_idx').on(table.bagId, table.scannedAt, table.consignmentId),
  ],
);

/**
 * Parcels by status and hub (R-OPERATIONS, decision 123), kept by triggers on consignments in the same
 * transaction as every booking, move and removal: each appends its changes here (+1 to where a parcel
 * went, -1 to where it was), never updating a row, so concurrent moves neither wait on a hot counter nor
 * deadlock. A count is the sum of its rows; a worker folds the rows into one per (status, hub) now and then.
 */
export const parcelCounts = pgTable('parcel_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  status: text('status', { enum: CONSIGNMENT_STATUSES }).notNull(),
  hub: text('hub'),
  parcels: integer('parcels').notNull(),
});

/**
 * `Idempotency-Key`s of booking requests (R-BOOKING): the first answer for a key is kept and given again
 * for the same request; a different request with the same key is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null only inside the first request's transaction, which holds the row: nobody else ever reads it null. */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/** A sender's request for a courier to collect their parcels, on a day in a time window (R-PICKUPS). */
export const pickups = pgTable(
  'pickups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    areaId: text('area_id').notNull(),
    day: text('day').notNull(),
    window: text('window', { enum: PICKUP_WINDOWS }).notNull(),
    parcels: integer('parcels').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Cancelled by its asker before its window began (issue 42, R-PICKUPS): no courier comes. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The rider sent to collect it (issue 43, R-PICKUPS-AHEAD): chosen by an operator or an admin. */
    riderId: text('rider_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The admins' list reads one day's pickups a page at a time, keyset on what follows the day (decision 126);
    // My Parcels' reads a sender's.
    index('pickups_day_idx').on(table.day, table.areaId, table.window, table.createdAt, table.id),
    index('pickups_user_id_idx').on(table.userId, table.createdAt),
    // A rider's account removed lets go of their pickups without reading every pickup.
    index('pickups_rider_idx').on(table.riderId),
    check('pickups_parcels_positive', sql`${table.parcels} > 0`),
  ],
);

/**
 * A request to move or store a big load (R-FREIGHT): priced by an admin, accepted by its customer while the
 * price is valid, then given a day. Amounts in poisha.
 */
export const freightRequests = pgTable(
  'freight_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().generatedByDefaultAsIdentity({ startWith: 1001 }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    mode: text('mode', { enum: FREIGHT_MODES }).notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    goods: text('goods').notNull(),
    // Required of every new request (R-FREIGHT-PHONE); the requests made before issue 42 have none.
    phone: text('phone'),
    weightKg: doublePrecision('weight_kg'),
    volumeCbm: doublePrecision('volume_cbm'),
    readyDate: text('ready_date').notNull(),
    deliverBy: text('deliver_by'),
    status: text('status', { enum: FREIGHT_STATUSES }).notNull().default('requested'),
    quoteAmount: integer('quote_amount'),
    quoteValidUntil: text('quote_valid_until'),
    scheduledFor: text('scheduled_for'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('freight_requests_user_id_idx').on(table.userId, table.createdAt),
    index('freight_requests_created_at_idx').on(table.createdAt),
    check('freight_requests_quote_whole', sql`(${table.quoteAmount} IS NULL) = (${table.quoteValidUntil} IS NULL)`),
  ],
);

/**
 * A merchant account (issue 30): a customer's business, applied for and approved or refused by an admin.
 * Its ledger outlives the customer's account: the user goes, the merchant and its money stay.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
    businessName: text('business_name').notNull(),
    pickupAddresses: jsonb('pickup_addresses').$type<MerchantApplication['pickupAddresses']>().notNull(),
    payoutMethod: jsonb('payout_method').$type<PayoutMethod>().notNull(),
    status: text('status', { enum: MERCHANT_STATUSES }).notNull().default('pending'),
    refusalReason: text('refusal_reason'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    /** Every cash-on-delivery parcel's recipient is asked to confirm it before pickup (R-CONFIRM-BEFORE-PICKUP). */
    confirmEveryCod: boolean('confirm_every_cod').notNull().default(false),
  },
  (table) => [
    index('merchants_status_idx').on(table.status, table.appliedAt, table.id),
    // Admin Merchants across standings: applications waiting first, then the newest, a page read off the
    // index instead of sorting every account (issue 40: 11.8 → 0.5 ms at 2,030 merchants, decision 151).
    index('merchants_waiting_first_idx').on(sql`(${table.status} = 'pending')`, table.appliedAt, table.id),
  ],
);

/**
 * A merchant's stores (issue 41, R-STORES, decision 152): its pickup points. One not archived is the
 * default; an archived store stays for the parcels that name it and takes no new booking.
 */
export const merchantStores = pgTable(
  'merchant_stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    areaId: text('area_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    index('merchant_stores_merchant_idx').on(table.merchantId, table.createdAt),
    // One default at a time among a merchant's stores in use.
    uniqueIndex('merchant_stores_one_default')
      .on(table.merchantId)
      .where(sql`${table.isDefault} AND ${table.archivedAt} IS NULL`),
    check('merchant_stores_default_in_use', sql`NOT (${table.isDefault} AND ${table.archivedAt} IS NOT NULL)`),
  ],
);

/**
 * A payout (issue 30): one merchant's lines not yet settled up to a run's cut-off, summed. The lines it
 * settles point at it; an admin marks it paid with the transfer's reference.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().generatedByDefaultAsIdentity({ startWith: 5001 }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    // In poisha: a large merchant's week passes 2^31 (৳21.4 million), issue 40.
    amount: bigint('amount', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
    cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    reference: text('reference'),
    paidBy: text('paid_by'),
    /**
     * The bank or wallet portal's result file said the transfer failed (R-PAYOUT-FILES): its amount went
     * back to the merchant's balance as a correction line naming this payout, and the reason it gave.
     */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
  },
  (table) => [
    // The payout lists' pages, newest first by number (issue 40): a merchant's own, and those still to transfer.
    index('payouts_merchant_number_idx').on(table.merchantId, table.number),
    index('payouts_unpaid_idx').on(table.number).where(sql`${table.paidAt} IS NULL AND ${table.failedAt} IS NULL`),
    // A run's files (R-PAYOUT-FILES): its payouts, made with its cut-off, in number order.
    index('payouts_cutoff_number_idx').on(table.cutoff, table.number),
    check('payouts_positive', sql`${table.amount} > 0`),
    check('payouts_paid_whole', sql`(${table.paidAt} IS NULL) = (${table.reference} IS NULL)`),
    check('payouts_paid_or_failed', sql`${table.paidAt} IS NULL OR ${table.failedAt} IS NULL`),
    check('payouts_failed_whole', sql`(${table.failedAt} IS NULL) = (${table.failureReason} IS NULL)`),
  ],
);

/**
 * A merchant's COD ledger (issue 30): append-only lines in poisha, credits positive and debits negative,
 * written in the transaction of the event that causes them. A correction is a new line, never an edit;
 * the only change a line ever sees is being settled by one payout, once.
 */
export const merchantLedger = pgTable(
  'merchant_ledger',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    consignmentId: uuid('consignment_id').references(() => consignments.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    payoutId: uuid('payout_id').references(() => payouts.id),
    /** A correction giving back a payout the bank or wallet refused (R-PAYOUT-FILES): that payout. */
    returnsPayoutId: uuid('returns_payout_id').references(() => payouts.id),
  },
  (table) => [
    // Partitioned by month of created_at like consignment_events (decision 0129).
    primaryKey({ name: 'merchant_ledger_pkey', columns: [table.id, table.createdAt] }),
    // A merchant's lines over a period, a page at a time, in time order (issue 40, decision 120).
    index('merchant_ledger_merchant_time_idx').on(table.merchantId, table.createdAt, table.id),
    // The run's read: a merchant's lines still owed; with the amount, balances are summed from the index
    // alone (decision 122: 60,000 pages read for the largest merchant's balance, 1,000 with it).
    index('merchant_ledger_unsettled_idx')
      .on(table.merchantId, table.createdAt, table.amount)
      .where(sql`${table.payoutId} IS NULL`),
    check('merchant_ledger_parcel_named', sql`${table.kind} = 'correction' OR ${table.consignmentId} IS NOT NULL`),
    // The reconciliation (R-RECONCILIATION, decision 181) sums the lines each payout settled, and finds
    // the line a parcel's cash was credited by.
    index('merchant_ledger_payout_idx').on(table.payoutId).where(sql`${table.payoutId} IS NOT NULL`),
    index('merchant_ledger_returns_payout_idx').on(table.returnsPayoutId).where(sql`${table.returnsPayoutId} IS NOT NULL`),
    index('merchant_ledger_parcel_idx').on(table.consignmentId, table.kind).where(sql`${table.consignmentId} IS NOT NULL`),
  ],
);

/**
 * What each merchant is owed (R-LEDGER, decision 151), kept by triggers on merchant_ledger in the same
 * statement as every line booked and every line a payout settles: each appends its change per merchant
 * (+ the lines booked unsettled, − the lines settled), never updating a row, so deliveries of one
 * merchant and the payout run neither queue on a balance row nor deadlock. A balance is the sum of its
 * merchant's rows; the operations counts' worker folds them into one a merchant now and then.
 */
export const merchantBalances = pgTable(
  'merchant_balances',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: uuid('merchant_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [index('merchant_balances_merchant_idx').on(table.merchantId, table.amount)],
);

/**
 * An event is booked once (R-LEDGER): a parcel is credited its cash, and charged each fee, one time. A
 * partitioned ledger cannot hold a unique index without created_at in it, which would let a second
 * credit in another month through; so each non-correction line's (parcel, kind) is also written here, by
 * the ledger's insert trigger in the same statement, and this key refuses the second (decision 0129).
 */
export const merchantLedgerParcelCharges = pgTable(
  'merchant_ledger_parcel_charges',
  {
    consignmentId: uuid('consignment_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
  },
  (table) => [primaryKey({ name: 'merchant_ledger_once_per_parcel', columns: [table.consignmentId, table.kind] })],
);

/**
 * The payout runs (issue 30), one a day, keyed by the shop's day: the Tuesday's, or the one an admin starts.
 * A background job (issue 40, decision 117): `running` until every merchant owing before `cutoff` is
 * paid, worked by the one instance whose lease (`worker`, `heartbeat`) is fresh, merchant after merchant
 * in id order past `after_merchant`, so a restarted process carries on where the last one stopped.
 */
export const payoutRuns = pgTable('payout_runs', {
  day: text('day').primaryKey(),
  cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  startedBy: text('started_by'),
  state: text('state', { enum: PAYOUT_RUN_STATES }).notNull().default('running'),
  /** Merchants with lines owed before the cut-off when the run started: the progress bar's whole. */
  merchants: integer('merchants').notNull().default(0),
  /** Merchants settled: a payout made, or nothing to pay (a balance that is not above zero waits). */
  settled: integer('settled').notNull().default(0),
  /** Merchants whose payout failed and is still to be retried (their reasons in `payout_run_failures`). */
  failed: integer('failed').notNull().default(0),
  payouts: integer('payouts').notNull().default(0),
  lastError: text('last_error'),
  afterMerchant: uuid('after_merchant'),
  worker: text('worker'),
  heartbeat: timestamp('heartbeat', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** A merchant a run could not pay yet (issue 40): the reason, retried on the run's next pass until paid. */
export const payoutRunFailures = pgTable(
  'payout_run_failures',
  {
    day: text('day')
      .notNull()
      .references(() => payoutRuns.day),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull().default(1),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.day, table.merchantId] })],
);

/**
 * A merchant's API keys (issue 30): named, shown once when made and kept only as a SHA-256 hash, with
 * the first characters to tell them apart; revoked keys stay, refused, for the record.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    /** "sk_Ab3x…": enough to recognise a key in a list, far too little to use one. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    /** A test key (`sk_test_…`, R-SANDBOX): it books and sees only test parcels. */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_merchant_idx').on(table.merchantId, table.createdAt)],
);

/** A merchant's spreadsheet of parcels, booked at once in one transaction (issue 30). */
export const bulkBookings = pgTable(
  'bulk_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    fileName: text('file_name').notNull(),
    parcels: integer('parcels').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bulk_bookings_merchant_idx').on(table.merchantId, table.createdAt)],
);

/**
 * Which column of a file holds each of the template's, as a merchant chose them once for a file of
 * another shape (issue 41, decision 164), kept under the file's columns (`columnsSignature`): a later
 * file with the same columns is read with them. At most `KEPT_COLUMN_CHOICES` a merchant.
 */
export const bulkColumnChoices = pgTable(
  'bulk_column_choices',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    signature: text('signature').notNull(),
    columns: jsonb('columns').$type<ColumnChoices>().notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.signature] })],
);

/**
 * A merchant's webhook endpoint (R-WEBHOOKS): an address, the events it takes, and the secret its
 * deliveries are signed with. The secret is kept as it is, since signing needs it (decision 70).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    url: text('url').notNull(),
    events: text('events', { enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_merchant_idx').on(table.merchantId, table.createdAt)],
);

/** An event for a merchant, written in the transaction of the change (R-WEBHOOKS): its body is sent as it is here. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type', { enum: WEBHOOK_SENT_TYPES }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_events_merchant_idx').on(table.merchantId, table.createdAt)],
);

/**
 * One event queued for one endpoint: a series of attempts that ends with a 2xx (delivered) or 24 hours
 * of refusals (failed). Queued in order: a delivery waits while an earlier one of the same endpoint and
 * parcel (`ordering_key`) is pending. A resend queues a new one.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queued: bigint('queued', { mode: 'number' }).notNull().unique().generatedByDefaultAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    orderingKey: text('ordering_key'),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_chain_idx')
      .on(table.endpointId, table.orderingKey, table.queued)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.queued),
  ],
);

/** Each try at sending a delivery: the answer's status, or why there was none, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.id)],
);

/**
 * A merchant's request to bring a delivered parcel's item back (issue 41, R-RETURN-REQUESTS, decision 163):
 * a return, or an exchange that hands over a new item and brings the old one back. Its charge (poisha) is
 * fixed when it is asked and debited from the COD ledger when it is returned to the merchant.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consignmentId: uuid('consignment_id')
      .notNull()
      .references(() => consignments.id),
    /** The parcel's sender, who asked: lists and lookups are by it (its account may go, as its parcels' does). */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: RETURN_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: RETURN_REQUEST_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    pickupNote: text('pickup_note'),
    pickupPhone: text('pickup_phone'),
    failureReason: text('failure_reason'),
    charge: integer('charge').notNull(),
    /** Of a sandbox parcel (R-SANDBOX): moved by its test key only, never charged. */
    test: boolean('test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // At most one request on its way per parcel, whoever races to ask (R-RETURN-REQUESTS).
    uniqueIndex('return_requests_one_open_per_parcel')
      .on(table.consignmentId)
      .where(sql`${table.status} IN ('requested', 'picked_up', 'at_hub')`),
    // The merchant's list, newest first, keyset on (created_at, id), by status or not.
    index('return_requests_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('return_requests_user_status_created_idx').on(table.userId, table.status, table.createdAt, table.id),
    // Staff's list of the requests on their way, oldest first.
    index('return_requests_open_idx').on(table.createdAt).where(sql`${table.status} IN ('requested', 'picked_up', 'at_hub')`),
    check('return_requests_charge_not_negative', sql`${table.charge} >= 0`),
  ],
);

/** A return request's history: one row per move, written in the move's transaction and never changed. */
export const returnRequestEvents = pgTable(
  'return_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnRequestId: uuid('return_request_id')
      .notNull()
      .references(() => returnRequests.id),
    status: text('status', { enum: RETURN_REQUEST_STATUSES }).notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('return_request_events_request_idx').on(table.returnRequestId, table.id)],
);

/**
 * Each look at a recipient's delivery record (issue 44, R-RECIPIENT-RECORD, decision 168): which merchant
 * looked up which number, and how; kept so an admin can answer a recipient who asks who looked.
 */
export const recipientRecordLookups = pgTable(
  'recipient_record_lookups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    phone: text('phone').notNull(),
    via: text('via', { enum: ['web', 'api'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recipient_record_lookups_phone_idx').on(table.phone, table.createdAt),
    index('recipient_record_lookups_merchant_idx').on(table.merchantId, table.createdAt),
  ],
);

/**
 * How many records a merchant looked at in a clock hour (decision 183): one row per merchant and hour, counted
 * up in each look's transaction, so the hourly limit is one row whatever the log holds (R-RECIPIENT-RECORD).
 */
export const recipientRecordLookHours = pgTable(
  'recipient_record_look_hours',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    looks: integer('looks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.hour] })],
);

/** Numbers whose record is shown to nobody (decision 168): the recipient asked, and an admin hid it. */
export const hiddenRecipientRecords = pgTable('hidden_recipient_records', {
  phone: text('phone').primaryKey(),
  hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How parcels ended, by the week they were booked (issue 44, R-PARCEL-OUTCOMES, decision 171): kept by triggers on consignments like parcelCounts, appended and folded, once per sender
 * and once for the whole network (`sender_id` null), so the merchant page and the admin Overview read a few
 * rows a week whatever the parcels' number.
 */
export const parcelOutcomes = pgTable(
  'parcel_outcomes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The Monday of the week the parcels were booked in, in Dhaka. */
    week: date('week', { mode: 'string' }).notNull(),
    senderId: text('sender_id'),
    outcome: text('outcome', { enum: PARCEL_OUTCOMES }).notNull(),
    /** Whether the recipient confirmed the parcels (decision 182): confirmed, asked and not confirmed, never asked. */
    confirmation: text('confirmation', { enum: OUTCOME_CONFIRMATIONS }).notNull().default('not_asked'),
    parcels: integer('parcels').notNull(),
  },
  (table) => [index('parcel_outcomes_sender_week_idx').on(table.senderId, table.week)],
);

/**
 * A parcel's recipient asked to confirm it before pickup (issue 44, R-CONFIRM-BEFORE-PICKUP, decision 169):
 * one per parcel, its link's token kept only as a hash. A change the recipient asks for waits here for the
 * merchant; a parcel its recipient did not order is not picked up.
 */
export const recipientConfirmations = pgTable(
  'recipient_confirmations',
  {
    consignmentId: uuid('consignment_id')
      .primaryKey()
      .references(() => consignments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    state: text('state', { enum: CONFIRMATION_STATES }).notNull().default('asked'),
    proposedAddress: text('proposed_address'),
    proposedPhone: text('proposed_phone'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When its parcel was picked up or cancelled: the link then changes nothing. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    // Operations' flag counts the open ones not confirmed: a partial index holds only those (decision 169).
    index('recipient_confirmations_unconfirmed_idx')
      .on(table.state)
      .where(sql`${table.state} <> 'confirmed' and ${table.closedAt} is null`),
  ],
);

/**
 * A rider's cash handed in at a hub (issue 43, R-CASH-HANDINS, decision 174): what their parcels' deliveries
 * collected and not yet handed in, and what the operator counted; a difference is kept as it was found,
 * never corrected here. Poisha.
 */
export const cashHandins = pgTable(
  'cash_handins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    riderId: text('rider_id').references(() => user.id, { onDelete: 'set null' }),
    /** The operator or admin who counted it. */
    takenBy: text('taken_by').references(() => user.id, { onDelete: 'set null' }),
    parcels: integer('parcels').notNull(),
    collected: integer('collected').notNull(),
    counted: integer('counted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cash_handins_rider_idx').on(table.riderId, table.createdAt),
    index('cash_handins_taken_by_idx').on(table.takenBy),
    // Operations shows the hand-ins that were short or over, newest first: only those are in it.
    index('cash_handins_differing_idx').on(table.createdAt).where(sql`${table.counted} <> ${table.collected}`),
    check('cash_handins_amounts', sql`${table.parcels} > 0 AND ${table.collected} >= 0 AND ${table.counted} >= 0`),
  ],
);
