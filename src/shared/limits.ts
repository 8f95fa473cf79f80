/**
 * The limits both sides enforce: the server's checks and the web forms' checks read them from here.
 * How the pages move and look (carousel, counters, toasts, how much text a card shows) is the web
 * app's alone: src/web/lib/ui-settings.ts.
 */
export const LIMITS = {
  priceMaxLength: 20,
  ratingMin: 1,
  ratingMax: 5,
  passwordMinLength: 6,
  productNameMaxLength: 120,
  productDescriptionMaxLength: 2000,
  pictureUrlMaxLength: 2048,
  reviewDescriptionMaxLength: 1000,
  addressMaxLength: 200,
  /** A person's name, in characters as a reader counts them (R-TEXT). */
  nameMaxCharacters: 100,
  phoneMinLength: 6,
  phoneMaxLength: 20,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** Stock and order quantities; keeps every total well inside the database's integer columns. */
  quantityMax: 1_000_000,
  /** The most a product may cost and an order may total: card providers refuse larger single charges. */
  priceMaxCents: 99_999_999,
  accessTokenTtlSeconds: 15 * 60,
  /** The admin Mailbox lists this many of the newest mails. */
  mailboxSize: 200,
  /** A password reset link works this long, and once. */
  passwordResetTtlSeconds: 60 * 60,
  categoryNameMaxLength: 40,
  /** The catalogue's search box (R-SEARCH) and its pages (R-CATALOGUE). */
  searchMaxLength: 100,
  cataloguePageSize: 12,
  /** The address form's place search (issue 28): what may be typed, and how many places it suggests. */
  placeSearchMaxLength: 60,
  placeSuggestions: 10,
  /** An area named by its id or as "Savar, Dhaka" (issue 28). */
  areaReferenceMaxLength: 120,
  /** A booking's merchant invoice number and its note for the rider (R-BOOKING). */
  merchantInvoiceMaxLength: 60,
  parcelNoteMaxLength: 300,
  /** `Idempotency-Key` on a booking: a UUID fits many times over. */
  idempotencyKeyMaxLength: 255,
  /** What a freight request's goods are, and the most a freight quote may be, in poisha (৳2 crore; R-FREIGHT). */
  freightGoodsMaxLength: 500,
  freightQuoteMaxPoisha: 2_000_000_000,
  freightRequestsPageSize: 100,
  /** Parcels one pickup may be asked for (R-PICKUPS). */
  pickupParcelsMax: 500,
  /** Parcels a page of My Parcels or the admins' Parcels lists, newest first. */
  parcelsPageSize: 50,
  /** Pickups a page of a day's list holds (issue 40: 371 KB at 1,026 pickups unpaged). */
  dayPickupsPageSize: 100,
  /** Tracking codes one scan may move (R-SCANS): a hub's truck-load. */
  scanMaxCodes: 1000,
  /** Parcels one bag may carry (R-BAGS): a sack a person lifts; its dispatch is one transaction of this many moves. */
  bagMaxParcels: 500,
  /** Parcels a page of a bag's list holds (R-BAGS). */
  bagParcelsPageSize: 100,
  /** Bags a page of the bags' list holds. */
  bagsPageSize: 50,
  /** Wrong tries of a recipient's delivery code before it locks (issue 29). */
  deliveryCodeTries: 5,
  /** A sealed delivery code (R-RIDER-OFFLINE): "v1." and three base64url parts, about 140 characters. */
  sealedCodeMaxLength: 400,
  /** A merchant's business name, bank details and payout references; their pickup addresses (issue 30). */
  merchantTextMaxLength: 120,
  merchantPickupAddressesMax: 5,
  /** A merchant's stores (pickup points) not archived, issue 41: a short list read whole. */
  merchantStoresMax: 50,
  /** The parcel fields merchants send (issue 41, R-PARCEL-DETAILS). */
  itemDescriptionMaxLength: 200,
  parcelQuantityMax: 1000,
  recipientEmailMaxLength: 254,
  /** A merchant's bulk booking (R-BULK-BOOKING): parcels in one file, and the file's size (far above 5,000 lines). */
  bulkBookingRowsMax: 5000,
  bulkFileMaxBytes: 5 * 1024 * 1024,
  /**
   * A batch of parcels booked in one JSON call of the merchant API (issue 41, decision 138), and its body:
   * 500 parcels with every text at its longest, in Bangla (3 bytes a letter), come to 2 to 3 MB, more than
   * the 1 MB every other body may hold; realistic ones, even written as `\uXXXX` escapes as Python's
   * json.dumps writes them, to well under 1 MB.
   */
  consignmentBatchMax: 500,
  consignmentBatchBodyMaxBytes: 4 * 1024 * 1024,
  /**
   * Any CSV file the shop reads (a bulk booking, a rate card; decision 98): a cell and a line at most, so
   * a file within its size can never hold one cell that fills the heap. A line of parcels is under 3 KB
   * even in Bangla (3 bytes a letter); the longest cell any column takes is 300 characters.
   */
  csvCellMaxChars: 1000,
  /** Lines of a payout result file (R-PAYOUT-FILES): a run's payouts of one portal, one a merchant. */
  payoutResultLinesMax: 20_000,
  csvLineMaxBytes: 16 * 1024,
  /** Empty cells cost a line no bytes but each one a place in memory: a spreadsheet's lines have tens. */
  csvLineMaxCells: 200,
  /** Lines on one page of a merchant's ledger. */
  ledgerPageSize: 100,
  /** Accounts on one page of admin Merchants (issue 40), with their balances. */
  adminMerchantsPageSize: 100,
  /** A merchant's webhook endpoint address (R-WEBHOOKS), and the deliveries its log shows. */
  webhookUrlMaxLength: 2000,
  webhookLogSize: 50,
  /**
   * A merchant's live API keys and webhook endpoints (decision 107): a shop, its staging copy, an
   * integration partner or two and a key being rotated fit many times over; unlimited, each endpoint
   * would multiply every event's requests, and each key was once its own rate limit.
   */
  merchantApiKeysMax: 10,
  webhookEndpointsMax: 10,
  /** The name of whoever took a parcel delivered on a photo (R-PROOF-OF-DELIVERY). */
  receiverNameMaxLength: 100,
  cataloguePageSizeMax: 48,
  /** Far past any real catalogue's last page; keeps OFFSET bounded. */
  cataloguePageMax: 10_000,
  /** A product page shows at most this many other products of its category (R-PRODUCT-PAGE). */
  relatedProductsMax: 4,
  /** GET /api/review pages (R-BOUNDS): the size when none is asked for, and the most one page holds. */
  reviewPageSizeDefault: 20,
  reviewPageSizeMax: 100,
  /** Beyond any real shop's reviews; keeps page × size a small number. */
  reviewPageMax: 10_000,
  /** An admin's note on an order's timeline, and a carrier's name or tracking number (R-ORDER-STATUS). */
  orderNoteMax: 500,
  trackingFieldMax: 100,
  /** Sign-in, sign-up and the other /api/auth calls carry a few short fields (R-BOUNDS). */
  authBodyMaxBytes: 64 * 1024,
  /** Every other JSON body; uploads have their own limit above (R-BOUNDS). */
  bodyMaxBytes: 1024 * 1024,
  /**
   * Arrays and objects inside one another in any JSON body (R-BOUNDS): no body the shop or Better Auth
   * takes nests more than a few levels, and code that walks a parsed body must never meet thousands
   * (decision 48).
   */
  bodyNestingMax: 32,
  /** Products in one cart (R-CART): far more than anyone buys at once, and a bounded body. */
  cartLinesMax: 100,
} as const;

export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
