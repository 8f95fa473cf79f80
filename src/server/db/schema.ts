import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    ownerEmail: text('owner_email').notNull(),
    ownerName: text('owner_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_created_at_idx').on(table.createdAt),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check('products_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    check('products_quantity_range', sql`${table.minQuantity} >= 1 AND ${table.minQuantity} <= ${table.maxQuantity}`),
  ],
);

/** An order keeps its own copy of name, picture and price so it survives its product's deletion. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    transactionId: text('transaction_id'),
    payment: text('payment'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_email_idx').on(table.email, table.createdAt),
    // My Orders lists by user, and deleting a user looks up their orders.
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_product_id_idx').on(table.productId),
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
  ],
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
export const paymentIntents = pgTable('payment_intents', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider webhook events already handled, so a replayed event changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
