import type { LedgerCursor, MerchantStatus } from '#shared/merchant.ts';

/**
 * The key of every cached answer. Features refresh each other's answers through these (a new order
 * changes the stock on the product pages), so no key is spelled twice.
 */

/** Answers only a signed-in user may see sit under this root: a sign-out forgets them in one go. */
const SIGNED_IN = 'signed-in';

export const queryKeys = {
  /** The "products" key (R-API): the public list the home grid and Manage Products share. */
  products: ['products'],
  /** Under the list's key, so whatever refreshes the list refreshes each product too. */
  product: (id: string) => ['products', id],
  /** The other products of its category a product page shows (R-PRODUCT-PAGE). */
  relatedProducts: (id: string) => ['products', id, 'related'],
  /** A catalogue page by its normalised address parameters (R-CATALOGUE); under the list's key too. */
  catalogue: (search: string) => ['products', 'catalogue', search],
  categories: ['categories'],
  reviews: ['reviews'],
  /** Better Auth's session (who is signed in); not under `signedIn`, since a visitor's answer is null. */
  session: ['session'],
  /** Under the reviews' key, so a new review refreshes every page. */
  reviewPage: (page: number, pageSize: number) => ['reviews', page, pageSize],
  signInOptions: ['sign-in-options'],
  /** A sign-in or sign-up form the server answered itself (src/shared/form-answer.ts), written into its page. */
  formAnswer: ['form-answer'],
  paymentConfig: ['payment-config'],
  /** A parcel's prices by the quote's normalised address parameters (R-QUOTE). */
  quote: (search: string) => ['quote', search],
  /** The places suggested for what was typed in an area field (R-COVERAGE). */
  areaSuggestions: (typed: string) => ['coverage', typed],
  /** A parcel's public tracking (R-TRACKING), by its code. */
  tracking: (trackingCode: string) => ['tracking', trackingCode],
  /** A recipient's confirmation link (R-CONFIRM-BEFORE-PICKUP), by its token. */
  confirmation: (token: string) => ['confirmation', token],

  signedIn: [SIGNED_IN],
  accessToken: (email: string | undefined) => [SIGNED_IN, 'access-token', email],
  /** Every admin check: a role change makes them all stale. */
  adminChecks: [SIGNED_IN, 'admin'],
  adminCheck: (email: string | undefined) => [SIGNED_IN, 'admin', email],
  /** My Orders, Manage Orders and the overview: each spells its own key under this one (features/orders/api). */
  orders: [SIGNED_IN, 'orders'],
  myOrders: (email: string) => [SIGNED_IN, 'orders', 'mine', email],
  /** One order's page, by its number: under the orders' key, so every order change refreshes it. */
  order: (number: string) => [SIGNED_IN, 'orders', 'one', number],
  orderToPay: (orderId: string) => [SIGNED_IN, 'order-to-pay', orderId],
  /** My Parcels and each parcel's page: one parcel's key is under the list's, so a booking refreshes both. */
  parcels: [SIGNED_IN, 'parcels'],
  parcel: (trackingCode: string) => [SIGNED_IN, 'parcels', trackingCode],
  /** Its steps (issue 42), under the parcel's key: what moves the parcel refreshes them too. */
  parcelSteps: (trackingCode: string) => [SIGNED_IN, 'parcels', trackingCode, 'steps'],
  /** Whether the recipient confirmed the sender's parcel (R-CONFIRM-BEFORE-PICKUP). */
  parcelConfirmation: (trackingCode: string) => [SIGNED_IN, 'parcels', trackingCode, 'confirmation'],
  /** Its return requests (R-RETURN-REQUESTS), under the parcel's key too. */
  parcelReturnRequests: (trackingCode: string) => [SIGNED_IN, 'parcels', trackingCode, 'return-requests'],
  /** Operations' return requests on their way. */
  openReturnRequests: [SIGNED_IN, 'open-return-requests'],
  /** A page of My Parcels: its filter (a search is kept in memory only, never in an address) and its cursor. */
  parcelsPage: (filter: object, cursor: string | undefined) => [SIGNED_IN, 'parcels', 'page', filter, cursor ?? 'first'],
  /** Under the parcels' key: a scan or a bulk action refreshes the lists (R-OPERATIONS-LISTS). */
  allParcels: (filter: object, cursor: string | undefined) => [SIGNED_IN, 'parcels', 'all', filter, cursor ?? 'first'],
  feePayment: (trackingCode: string) => [SIGNED_IN, 'fee-payment', trackingCode],
  rateCard: [SIGNED_IN, 'rate-card'],
  freightRequests: [SIGNED_IN, 'freight-requests'],
  myPickups: [SIGNED_IN, 'pickups'],
  riders: [SIGNED_IN, 'riders'],
  riderRun: [SIGNED_IN, 'rider-run'],
  operations: [SIGNED_IN, 'operations'],
  /** Bags between hubs (R-BAGS): the list, each bag and its parcels under one key, so a scan refreshes them all. */
  bags: [SIGNED_IN, 'bags'],
  bagList: (hub: string | undefined, cursor: string | undefined) => [SIGNED_IN, 'bags', 'list', hub ?? 'all', cursor ?? 'first'],
  bag: (code: string) => [SIGNED_IN, 'bags', code],
  bagParcels: (code: string, show: string, cursor: string | undefined) => [SIGNED_IN, 'bags', code, show, cursor ?? 'first'],
  dayPickups: (day: string, cursor: string | undefined) => [SIGNED_IN, 'pickups', day, cursor ?? 'first'],
  /** Today and the coming days with pickups (R-PICKUPS-AHEAD): under the day's key, so a rider sent refreshes both. */
  pickupsAhead: [SIGNED_IN, 'pickups', 'ahead'],
  /** The merchant's account, ledger and payouts (issue 30): all under one key, so a payout refreshes each. */
  merchant: [SIGNED_IN, 'merchant'],
  ledger: (page: LedgerCursor) => [SIGNED_IN, 'merchant', 'ledger', page],
  myPayouts: [SIGNED_IN, 'merchant', 'payouts'],
  apiKeys: [SIGNED_IN, 'merchant', 'api-keys'],
  stores: [SIGNED_IN, 'merchant', 'stores'],
  /** How the viewer's parcels ended, by week (R-PARCEL-OUTCOMES), and the network's for admins. */
  parcelOutcomes: [SIGNED_IN, 'parcel-outcomes'],
  networkParcelOutcomes: [SIGNED_IN, 'admin', 'parcel-outcomes'],
  /** A recipient's delivery record (R-RECIPIENT-RECORD), by the number in its normal form. */
  recipientRecord: (phone: string) => [SIGNED_IN, 'merchant', 'recipient-record', phone],
  bulkBookings: [SIGNED_IN, 'merchant', 'bulk-bookings'],
  webhooks: [SIGNED_IN, 'merchant', 'webhooks'],
  webhookDeliveries: (endpointId: string) => [SIGNED_IN, 'merchant', 'webhooks', endpointId, 'deliveries'],
  merchants: [SIGNED_IN, 'merchants'],
  merchantList: (status: MerchantStatus, after: string | undefined) => [SIGNED_IN, 'merchants', status, after],
  payouts: [SIGNED_IN, 'merchants', 'payouts'],
  payoutRun: [SIGNED_IN, 'merchants', 'payout-run'],
  payoutFiles: (day: string) => [SIGNED_IN, 'merchants', 'payout-files', day],
  reconciliation: (day: string) => [SIGNED_IN, 'merchants', 'reconciliation', day],
  paymentIntent: (orderId: string) => [SIGNED_IN, 'payment-intent', orderId],
  profile: (email: string | undefined) => [SIGNED_IN, 'profile', email],
  users: [SIGNED_IN, 'users'],
  mailbox: [SIGNED_IN, 'mailbox'],
  /** A page of the Mailbox's mails or texts (R-MAILBOX): its tab, its filter (in memory only) and its cursor. */
  mailboxPage: (tab: 'mails' | 'texts', filter: object, cursor: string | undefined) => [
    SIGNED_IN,
    'mailbox',
    tab,
    filter,
    cursor ?? 'first',
  ],
  /** The signed-in customer's cart (R-CART); a visitor's, kept in the browser, is not under `signedIn`. */
  cart: [SIGNED_IN, 'cart'],
  visitorCart: ['visitor-cart'],
} as const;
