import { and, eq, like } from 'drizzle-orm';
import { smsOutbox } from '#server/db/schema.ts';
import type { ApiWorld, Caller } from './api-world.ts';
import { NEW_PRODUCT, TINY_PNG } from './catalog.ts';
import { holdsWithin } from './eventually.ts';
import { MERCHANT_APPLICATION } from './merchants.ts';
import { parcelBatch } from './parcel-batch.ts';
import { STANDARD_PARCEL } from './parcels.ts';
import { chargeTestCard } from './payment-fixtures.ts';
import { call, type SignedInCustomer } from './shop-client.ts';

/** One real request to a documented operation, and the status it must answer. */
export interface ApiRequest {
  /** Who makes it, for an operation whose security is the bearer access token (the customer unless said). */
  as?: Caller;
  /** A person of its own, for an operation that ends or changes their session (sign-out, password). */
  who?: SignedInCustomer;
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  text?: { type: string; body: string };
  headers?: Record<string, string>;
  /** The merchant API key it is made with, when not the world's live key (the sandbox's test key). */
  apiKey?: string;
  status: number;
}

/** A case: the request for one operation, with whatever it needs made first. */
export type ApiCase = (world: ApiWorld) => Promise<ApiRequest>;

/** How far a bag has gone (R-BAGS): opened at Dhaka's hub for Sylhet's, with a parcel of the merchant's in it. */
type BagStep = 'open' | 'filled' | 'closed' | 'dispatched' | 'arrived';
const BAG_STEPS: BagStep[] = ['open', 'filled', 'closed', 'dispatched', 'arrived'];

async function bagAt(world: ApiWorld, step: BagStep): Promise<{ code: string; parcel: string }> {
  const bag = await world.as('operator', 'POST', '/api/ops/bags', { origin: 'dhaka', destination: 'sylhet' }, 201);
  const parcel = await world.newParcel();
  await world.as('operator', 'POST', '/api/ops/scans', { codes: [parcel], status: 'picked_up' }, 200);
  await world.as('operator', 'POST', '/api/ops/scans', { codes: [parcel], status: 'at_hub', hub: 'dhaka' }, 200);
  const reached = BAG_STEPS.indexOf(step);
  if (reached >= 1) await world.as('operator', 'POST', `/api/ops/bags/${bag.code}/parcels`, { codes: [parcel] }, 200);
  if (reached >= 2) await world.as('operator', 'POST', `/api/ops/bags/${bag.code}/close`, undefined, 200);
  if (reached >= 3) await world.as('operator', 'POST', `/api/ops/bags/${bag.code}/dispatch`, undefined, 200);
  if (reached >= 4) await world.as('operator', 'POST', `/api/ops/bags/${bag.code}/arrival`, undefined, 200);
  return { code: bag.code, parcel };
}

const day = (fromToday: number) => new Date(Date.now() + fromToday * 86_400_000).toISOString().slice(0, 10);
const form = (fields: Record<string, string | number>, file?: { field: string; name: string }) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  if (file) body.append(file.field, new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), file.name);
  return body;
};
const emailOf = async (world: ApiWorld, caller: Caller) => (await world.signedIn(caller)).email;

/** A parcel of the merchant's the rider delivered on a photo of the handover: its tracking code. */
async function deliveredOnPhoto(world: ApiWorld): Promise<string> {
  const trackingCode = await world.parcelOutForDelivery();
  const delivered = await fetch(`${world.server.url}/api/rider/deliveries/${trackingCode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${(await world.rider()).token}`, origin: world.server.url },
    body: form(
      { outcome: 'delivered', codCollected: 100_000, receivedBy: 'Salma Begum' },
      { field: 'handoverPhoto', name: 'door.png' },
    ),
  });
  if (delivered.status !== 200) throw new Error(`delivery: ${delivered.status} ${await delivered.text()}`);
  return trackingCode;
}

/** A COD parcel whose recipient is asked to confirm it (R-CONFIRM-BEFORE-PICKUP): its code and its link's token, from the text. */
async function askedParcel(world: ApiWorld): Promise<{ trackingCode: string; token: string }> {
  const trackingCode = await world.newParcel({ codAmount: 100_000, askRecipientToConfirm: true });
  const [sms] = await world.server.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.kind, 'parcel-confirm'), like(smsOutbox.text, `%${trackingCode}%`)));
  const token = sms?.text.match(/\/c\/([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no confirmation text for ${trackingCode}`);
  return { trackingCode, token };
}

/**
 * A request for every operation either document names, keyed by operationId (issue 39 item 11). A new
 * route appears in the document, and api-conformance.test.ts fails naming it until it has a case here.
 */
export const API_CASES: Record<string, ApiCase> = {
  // Operations and the probes
  readMetrics: async () => ({ status: 200 }),
  checkLiveness: async () => ({ status: 200 }),
  checkReadiness: async () => ({ status: 200 }),

  // The catalogue
  listProducts: async () => ({ status: 200 }),
  searchProducts: async () => ({ query: { q: 'router', page: '1', pageSize: '12', sort: 'price-asc' }, status: 200 }),
  getProduct: async (world) => ({ params: { id: await world.product() }, status: 200 }),
  getRelatedProducts: async (world) => ({ params: { id: await world.product() }, status: 200 }),
  updateProduct: async (world) => ({
    as: 'admin',
    params: { id: await world.newProduct() },
    form: form({ ...NEW_PRODUCT, name: 'PortaRoute Travel Router 2' }, { field: 'pictureFile', name: 'router.png' }),
    status: 200,
  }),
  deleteProduct: async (world) => ({ as: 'admin', params: { id: await world.newProduct() }, status: 200 }),
  addProduct: async () => ({ as: 'admin', json: NEW_PRODUCT, status: 201 }),
  listCategories: async () => ({ status: 200 }),
  addCategory: async () => ({ as: 'admin', json: { name: `Gadgets ${crypto.randomUUID().slice(0, 8)}` }, status: 201 }),
  renameCategory: async (world) => ({
    as: 'admin',
    params: { id: await world.newCategory() },
    json: { name: `Renamed ${crypto.randomUUID().slice(0, 8)}` },
    status: 200,
  }),
  deleteCategory: async (world) => ({ as: 'admin', params: { id: await world.newCategory() }, status: 200 }),

  // Parcels: areas, prices, tracking
  searchCoverage: async () => ({ query: { q: 'gulshan' }, status: 200 }),
  quoteParcel: async () => ({ query: { from: 'dhaka-gulshan', to: 'cumilla-debidwar', weightGrams: '800' }, status: 200 }),
  exportRateCard: async () => ({ as: 'admin', status: 200 }),
  importRateCard: async (world) => {
    const card = await fetch(`${world.server.url}/api/admin/rates.csv`, {
      headers: { authorization: `Bearer ${(await world.admin()).token}` },
    });
    return { as: 'admin', text: { type: 'text/csv', body: await card.text() }, status: 200 };
  },
  trackParcel: async (world) => ({ params: { trackingCode: await world.newParcel() }, status: 200 }),
  findParcelByInvoice: async (world) => {
    const invoice = `INV-${crypto.randomUUID().slice(0, 8)}`;
    await world.newParcel({ merchantInvoice: invoice });
    return { json: { invoice, phone: STANDARD_PARCEL.recipient.phone }, status: 200 };
  },
  scanParcels: async (world) => ({
    as: 'operator',
    json: { codes: [await world.newParcel()], status: 'picked_up' },
    status: 200,
  }),
  listRiders: async (world) => {
    await world.rider();
    return { as: 'operator', status: 200 };
  },
  openBag: async () => ({ as: 'operator', json: { origin: 'dhaka', destination: 'sylhet' }, status: 201 }),
  listBags: async (world) => {
    await bagAt(world, 'open');
    return { as: 'operator', query: { hub: 'dhaka' }, status: 200 };
  },
  readBag: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'filled')).code }, status: 200 }),
  listBagParcels: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'filled')).code }, status: 200 }),
  addToBag: async (world) => {
    const { code, parcel } = await bagAt(world, 'open');
    return { as: 'operator', params: { code }, json: { codes: [parcel] }, status: 200 };
  },
  takeOutOfBag: async (world) => {
    const { code, parcel } = await bagAt(world, 'filled');
    return { as: 'operator', params: { code, trackingCode: parcel }, status: 200 };
  },
  closeBag: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'filled')).code }, status: 200 }),
  reopenBag: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'closed')).code }, status: 200 }),
  dispatchBag: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'closed')).code }, status: 200 }),
  receiveBag: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'dispatched')).code }, status: 200 }),
  receiveBagParcels: async (world) => {
    const { code, parcel } = await bagAt(world, 'arrived');
    return { as: 'operator', params: { code }, json: { codes: [parcel] }, status: 200 };
  },
  printBagLabel: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'closed')).code }, status: 200 }),
  printBagManifest: async (world) => ({ as: 'operator', params: { code: (await bagAt(world, 'dispatched')).code }, status: 200 }),
  exportBagManifest: async (world) => ({
    as: 'operator',
    params: { code: (await bagAt(world, 'dispatched')).code },
    status: 200,
  }),
  readCodeSeal: async (world) => {
    await world.rider();
    return { as: 'rider', status: 200 };
  },
  readRiderRun: async (world) => {
    await world.parcelOutForDelivery();
    return { as: 'rider', status: 200 };
  },
  recordDelivery: async (world) => ({
    as: 'rider',
    params: { trackingCode: await world.parcelOutForDelivery() },
    json: { outcome: 'failed', reason: 'refused' },
    status: 200,
  }),
  readOperations: async () => ({ as: 'admin', status: 200 }),
  takeCashFromRider: async (world) => {
    // The rider holds the cash of a delivery (R-CASH-HANDINS): with none, a hand-in is 409.
    await deliveredOnPhoto(world);
    return { as: 'operator', json: { rider: await emailOf(world, 'rider'), counted: 100_000 }, status: 200 };
  },
  requestPickup: async () => ({
    json: { ...STANDARD_PARCEL.pickup, day: day(2), window: '09-12', parcels: 3 },
    status: 201,
  }),
  listMyPickups: async () => ({ status: 200 }),
  cancelPickup: async (world) => {
    const asked = { ...STANDARD_PARCEL.pickup, day: day(2), window: '09-12', parcels: 3 };
    return { params: { id: (await world.as('customer', 'POST', '/api/pickups', asked, 201)).id }, status: 200 };
  },
  listDayPickups: async () => ({ as: 'admin', query: { day: day(2) }, status: 200 }),
  listPickupsAhead: async () => ({ as: 'operator', status: 200 }),
  sendRiderToPickup: async (world) => {
    const asked = { ...STANDARD_PARCEL.pickup, day: day(2), window: '09-12', parcels: 2 };
    const { id } = await world.as('customer', 'POST', '/api/pickups', asked, 201);
    return { as: 'operator', params: { id }, json: { rider: await emailOf(world, 'rider') }, status: 200 };
  },
  requestFreight: async () => ({
    json: {
      mode: 'air',
      origin: 'Dhaka',
      destination: 'Dubai',
      goods: 'Garments',
      phone: '01711000000',
      volumeCbm: 2.5,
      readyDate: day(5),
    },
    status: 201,
  }),
  listFreightRequests: async (world) => {
    await world.freightRequest(false);
    return { status: 200 };
  },
  quoteFreight: async (world) => ({
    as: 'admin',
    params: { id: await world.freightRequest(false) },
    json: { amount: 250_000, validUntil: day(3) },
    status: 200,
  }),
  acceptFreight: async (world) => ({ params: { id: await world.freightRequest(true) }, status: 200 }),
  declineFreight: async (world) => ({ params: { id: await world.freightRequest(true) }, status: 200 }),
  scheduleFreight: async (world) => {
    const id = await world.freightRequest(true);
    await world.as('customer', 'POST', `/api/freight-requests/${id}/accept`, undefined, 200);
    return { as: 'admin', params: { id }, json: { scheduledFor: day(4) }, status: 200 };
  },

  // Merchants
  applyAsMerchant: async (world) => ({ who: await world.newCustomer(), json: MERCHANT_APPLICATION, status: 201 }),
  readMerchant: async (world) => {
    await world.merchant();
    return { as: 'merchant', status: 200 };
  },
  readLedger: async () => ({ as: 'merchant', query: { from: day(-30), to: day(0) }, status: 200 }),
  exportLedger: async () => ({ as: 'merchant', status: 200 }),
  printLedger: async () => ({ as: 'merchant', status: 200 }),
  listMyPayouts: async () => ({ as: 'merchant', status: 200 }),
  exportPayoutStatement: async (world) => ({ as: 'merchant', params: { id: await payout(world) }, status: 200 }),
  printPayoutStatement: async (world) => ({ as: 'merchant', params: { id: await payout(world) }, status: 200 }),
  listMerchants: async (world) => {
    await world.merchant();
    return { as: 'admin', query: { status: 'approved' }, status: 200 };
  },
  approveMerchant: async (world) => ({ as: 'admin', params: { id: await application(world) }, status: 200 }),
  refuseMerchant: async (world) => ({
    as: 'admin',
    params: { id: await application(world) },
    json: { reason: 'The pickup address is incomplete.' },
    status: 200,
  }),
  listPayouts: async () => ({ as: 'admin', status: 200 }),
  // The day's run, with a payout in it: once done it answers the same (one run a day).
  runPayouts: async (world) => {
    await payout(world);
    return { as: 'admin', json: { confirm: true }, status: 202 };
  },
  currentPayoutRun: async () => ({ as: 'admin', status: 200 }),
  markPayoutPaid: async (world) => ({
    as: 'admin',
    params: { id: await payout(world) },
    json: { reference: 'BKASH-1' },
    status: 200,
  }),
  payoutFiles: async (world) => ({ as: 'admin', params: { day: await payoutRunDay(world) }, status: 200 }),
  downloadPayoutFile: async (world) => ({
    as: 'admin',
    params: { day: await payoutRunDay(world), kind: 'bkash' },
    status: 200,
  }),
  importPayoutResults: async (world) => {
    const id = await payout(world);
    const paid = (await world.as('merchant', 'GET', '/api/merchant/payouts', undefined, 200)).find(
      (listed: { id: string }) => listed.id === id,
    );
    // Paid already (by the case that marks one), the line says so again and changes nothing.
    const body = `Reference,Status,Transaction ID,Reason\r\n${paid.number},Success,${paid.reference ?? 'TX-API-1'},\r\n`;
    return { as: 'admin', text: { type: 'text/csv', body }, status: 200 };
  },
  reconciliation: async () => ({ as: 'admin', query: { day: '2026-11-29' }, status: 200 }),
  reconciliationCsv: async () => ({ as: 'admin', status: 200 }),

  // Cart, orders and payments
  getCart: async () => ({ status: 200 }),
  replaceCart: async (world) => ({ json: { items: [{ productId: await world.product(), quantity: 1 }] }, status: 200 }),
  addToCart: async (world) => ({ json: { items: [{ productId: await world.product(), quantity: 1 }] }, status: 200 }),
  setCartQuantity: async (world) => {
    const productId = await world.product();
    await world.as('customer', 'POST', '/api/cart/items', { items: [{ productId, quantity: 1 }] }, 200);
    return { params: { productId }, json: { quantity: 2 }, status: 200 };
  },
  removeFromCart: async (world) => {
    const productId = await world.product();
    await world.as('customer', 'POST', '/api/cart/items', { items: [{ productId, quantity: 1 }] }, 200);
    return { params: { productId }, status: 200 };
  },
  previewCart: async (world) => ({ json: { items: [{ productId: await world.product(), quantity: 1 }] }, status: 200 }),
  placeOrder: async (world) => ({ json: { productId: await world.product(), quantity: 1 }, status: 201 }),
  listMyOrders: async (world) => {
    const { owner } = await world.newOrder();
    return { who: owner, query: { email: owner.email }, status: 200 };
  },
  checkOut: async (world) => {
    const shopper = await world.newCustomer();
    const productId = await world.product();
    const filled = await fetch(`${world.server.url}/api/cart/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json', origin: world.server.url },
      body: JSON.stringify({ items: [{ productId, quantity: 1 }] }),
    });
    if (filled.status !== 200) throw new Error(`cart: ${filled.status}`);
    return { who: shopper, json: {}, status: 201 };
  },
  getOrder: async (world) => {
    const { id, owner } = await world.newOrder();
    const order = await fetch(`${world.server.url}/api/payment/${id}`, { headers: { authorization: `Bearer ${owner.token}` } });
    return { who: owner, params: { number: String(((await order.json()) as { number: number }).number) }, status: 200 };
  },
  listAllOrders: async () => ({ as: 'admin', status: 200 }),
  searchOrders: async () => ({ as: 'admin', query: { page: '1', pageSize: '20' }, status: 200 }),
  exportOrders: async () => ({ as: 'admin', status: 200 }),
  cancelMyOrder: async (world) => {
    const { id, owner } = await world.newOrder();
    return { who: owner, params: { id }, status: 200 };
  },
  cancelOrder: async (world) => ({ as: 'admin', params: { id: (await world.newOrder()).id }, status: 200 }),
  changeOrderStatus: async (world) => ({
    as: 'admin',
    params: { id: (await world.paidOrder()).id },
    json: { status: 'shipped', carrier: 'Pathao', trackingNumber: 'PT-1' },
    status: 200,
  }),
  refundOrder: async (world) => ({ as: 'admin', params: { id: (await world.paidOrder()).id }, json: {}, status: 200 }),
  shopOverview: async () => ({ as: 'admin', status: 200 }),
  getPaymentConfig: async () => ({ status: 200 }),
  getOrderToPay: async (world) => {
    const { id, owner } = await world.newOrder();
    return { who: owner, params: { id }, status: 200 };
  },
  startPayment: async (world) => {
    const { id, owner } = await world.newOrder();
    return { who: owner, json: { orderId: id }, status: 200 };
  },
  payOrder: async (world) => {
    const { id, owner } = await world.newOrder();
    const started = await paymentOf(world, owner, id);
    const charged = await chargeTestCard(world.server, owner, started.clientSecret);
    return { who: owner, params: { id }, json: { transactionId: charged.body.paymentIntent.id }, status: 200 };
  },
  chargeTestCard: async (world) => {
    const { id, owner: customer } = await world.newOrder();
    const started = await paymentOf(world, customer, id);
    return {
      who: customer,
      json: {
        clientSecret: started.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' },
        billingDetails: { name: customer.name, email: customer.email },
      },
      status: 200,
    };
  },
  startFeePayment: async (world) => ({ as: 'customer', params: { trackingCode: await world.newCardParcel() }, status: 200 }),
  payFee: async (world) => {
    const trackingCode = await world.newCardParcel();
    const started = await world.as('customer', 'POST', `/api/consignments/${trackingCode}/payment-intent`, undefined, 200);
    const charged = await chargeTestCard(world.server, await world.customer(), started.clientSecret);
    return { as: 'customer', params: { trackingCode }, json: { transactionId: charged.body.paymentIntent.id }, status: 200 };
  },

  // Parcels of a sender
  bookConsignment: async () => ({ as: 'merchant', json: STANDARD_PARCEL, status: 201 }),
  listMyConsignments: async (world) => {
    await world.newParcel();
    return { as: 'merchant', query: { status: 'booked' }, status: 200 };
  },
  searchMyConsignments: async (world) => ({ as: 'merchant', json: { q: await world.newParcel() }, status: 200 }),
  listAllParcels: async (world) => {
    await world.newParcel();
    return {
      as: 'admin',
      query: { status: 'booked', from: day(-1), to: day(1), q: STANDARD_PARCEL.recipient.phone },
      status: 200,
    };
  },
  getConsignment: async (world) => ({ as: 'merchant', params: { trackingCode: await world.newParcel() }, status: 200 }),
  listParcelSteps: async (world) => ({ as: 'merchant', params: { trackingCode: await world.newParcel() }, status: 200 }),
  printLabel: async (world) => ({ as: 'merchant', params: { trackingCode: await world.newParcel() }, status: 200 }),
  readHandoverPhoto: async (world) => ({
    as: 'merchant',
    params: { trackingCode: await deliveredOnPhoto(world) },
    status: 200,
  }),
  shipOrderWithUs: async (world) => ({
    as: 'admin',
    params: { id: (await world.paidOrder()).id },
    json: { service: 'standard', areaId: 'cumilla-debidwar', weightGrams: 800 },
    status: 201,
  }),
  cancelConsignment: async (world) => ({ as: 'merchant', params: { trackingCode: await world.newParcel() }, status: 200 }),
  listParcelReturnRequests: async (world) => {
    const trackingCode = await deliveredOnPhoto(world);
    await returnRequest(world, trackingCode);
    return { as: 'merchant', params: { trackingCode }, status: 200 };
  },
  askParcelReturnRequest: async (world) => ({
    as: 'merchant',
    params: { trackingCode: await deliveredOnPhoto(world) },
    json: RETURN_ASKED,
    status: 201,
  }),
  listOpenReturnRequests: async (world) => {
    await returnRequest(world);
    return { as: 'operator', status: 200 };
  },
  myParcelOutcomes: async () => ({ as: 'merchant', status: 200 }),
  networkParcelOutcomes: async () => ({ as: 'admin', status: 200 }),
  readRecipientConfirmation: async (world) => ({ params: { token: (await askedParcel(world)).token }, status: 200 }),
  answerRecipientConfirmation: async (world) => ({
    params: { token: (await askedParcel(world)).token },
    json: { answer: 'change', address: 'House 4, Kandirpar' },
    status: 200,
  }),
  readParcelConfirmation: async (world) => ({
    as: 'merchant',
    params: { trackingCode: (await askedParcel(world)).trackingCode },
    status: 200,
  }),
  decideRecipientChange: async (world) => {
    const { trackingCode, token } = await askedParcel(world);
    await call(world.server, 'POST', `/api/confirmations/${token}`, { body: { answer: 'change', phone: '01912345678' } });
    return { as: 'merchant', params: { trackingCode }, json: { accept: true }, status: 200 };
  },
  setConfirmEveryCod: async () => ({ as: 'merchant', json: { confirmEveryCod: false }, status: 200 }),
  lookUpRecipientRecord: async () => ({ as: 'merchant', json: { phone: '01712345678' }, status: 200 }),
  setRecipientRecordVisibility: async () => ({ as: 'admin', json: { phone: '01712345678', hidden: false }, status: 200 }),
  moveReturnRequest: async (world) => ({ as: 'operator', params: { id: await returnRequest(world) }, json: {}, status: 200 }),
  bulkBookingTemplate: async () => ({ status: 200 }),
  bookInBulk: async (world) => {
    const template = await (await fetch(`${world.server.url}/api/merchant/bulk-bookings/template.csv`)).text();
    const body = new FormData();
    body.append('service', 'standard');
    body.append('pickup', '0');
    body.append('file', new Blob([template], { type: 'text/csv' }), 'parcels.csv');
    return { as: 'merchant', form: body, status: 201 };
  },
  listBulkBookings: async () => ({ as: 'merchant', status: 200 }),
  printBulkLabels: async (world) => ({ as: 'merchant', params: { id: await bulkBooking(world) }, status: 200 }),

  // The merchant's stores (issue 41)
  listStores: async () => ({ as: 'merchant', status: 200 }),
  createStore: async () => ({ as: 'merchant', json: NEW_STORE, status: 201 }),
  updateStore: async (world) => ({
    as: 'merchant',
    params: { id: await newStore(world) },
    json: { name: 'Renamed' },
    status: 200,
  }),
  archiveStore: async (world) => ({ as: 'merchant', params: { id: await newStore(world) }, status: 200 }),

  // The merchant API's keys and webhooks
  createApiKey: async () => ({ as: 'merchant', json: { name: 'shop' }, status: 201 }),
  listApiKeys: async () => ({ as: 'merchant', status: 200 }),
  revokeApiKey: async (world) => {
    const made = await world.as('merchant', 'POST', '/api/merchant/api-keys', { name: 'old' }, 201);
    return { as: 'merchant', params: { id: made.id }, status: 200 };
  },
  createWebhookEndpoint: async () => ({
    as: 'merchant',
    json: { url: 'https://hooks.example.com/parcels', events: ['consignment.status_changed'] },
    status: 201,
  }),
  listWebhookEndpoints: async () => ({ as: 'merchant', status: 200 }),
  removeWebhookEndpoint: async (world) => ({ as: 'merchant', params: { id: await webhookEndpoint(world) }, status: 200 }),
  listWebhookDeliveries: async (world) => ({ as: 'merchant', params: { id: await webhookEndpoint(world) }, status: 200 }),
  rotateWebhookSecret: async (world) => ({ as: 'merchant', params: { id: await keptWebhookEndpoint(world) }, status: 200 }),
  sendWebhookTestEvent: async (world) => ({ as: 'merchant', params: { id: await keptWebhookEndpoint(world) }, status: 201 }),
  resendWebhookDelivery: async (world) => {
    const endpoint = await webhookEndpoint(world);
    await world.newParcel();
    // Cash to collect pays the fee, so the parcel is picked up and its status change sent (decision 103).
    const parcel = await world.newParcel({ codAmount: 100_000 });
    await world.as('admin', 'POST', '/api/ops/scans', { codes: [parcel], status: 'picked_up' }, 200);
    const deliveries = await world.as('merchant', 'GET', `/api/merchant/webhooks/${endpoint}/deliveries`, undefined, 200);
    return { as: 'merchant', params: { id: deliveries[0]?.id }, status: 201 };
  },

  // Reviews and people
  listReviews: async () => ({ query: { page: '1', pageSize: '6' }, status: 200 }),
  addReview: async () => ({
    form: form({ reviewRating: 5, reviewDescription: 'Quick and careful.' }, { field: 'reviewPhotoFile', name: 'me.png' }),
    status: 201,
  }),
  getSignInOptions: async () => ({ status: 200 }),
  issueAccessToken: async (world) => ({ params: { email: await emailOf(world, 'customer') }, json: {}, status: 200 }),
  getAdminStatus: async (world) => ({ params: { email: await emailOf(world, 'customer') }, status: 200 }),
  listUsers: async () => ({ as: 'admin', status: 200 }),
  deleteOwnAccount: async (world) => {
    const who = await world.newCustomer();
    return { who, json: { email: who.email }, status: 200 };
  },
  makeAdmin: async (world) => ({ as: 'admin', params: { email: (await world.newCustomer()).email }, status: 200 }),
  setStaffRole: async (world) => ({
    as: 'admin',
    params: { email: (await world.newCustomer()).email },
    json: { role: 'operator' },
    status: 200,
  }),
  removeAdmin: async (world) => {
    const { email } = await world.newCustomer();
    await world.as('admin', 'PUT', `/api/user/admin/${encodeURIComponent(email)}`, undefined, 200);
    return { as: 'admin', params: { email }, status: 200 };
  },
  deleteUser: async (world) => ({ as: 'admin', params: { email: (await world.newCustomer()).email }, status: 200 }),
  getProfile: async (world) => ({ params: { email: await emailOf(world, 'customer') }, status: 200 }),
  updateProfile: async (world) => ({
    params: { email: await emailOf(world, 'customer') },
    json: { address: '7 Quay Street, Chattogram', phoneNumber: '01711000000' },
    status: 200,
  }),
  readMailbox: async () => ({ as: 'admin', status: 200 }),
  readSmsOutbox: async () => ({ as: 'admin', status: 200 }),
  readMailboxMails: async () => ({ as: 'admin', json: { kind: 'welcome' }, status: 200 }),
  readMailboxTexts: async () => ({ as: 'admin', json: { to: STANDARD_PARCEL.recipient.phone }, status: 200 }),

  // Better Auth's calls
  signUp: async () => ({
    json: { name: 'Nadia Islam', email: `nadia-${crypto.randomUUID()}@example.com`, password: 'secret123' },
    status: 200,
  }),
  signIn: async (world) => ({ json: { email: await emailOf(world, 'customer'), password: 'secret123' }, status: 200 }),
  signOut: async (world) => ({ who: await world.newCustomer(), status: 200 }),
  getSession: async () => ({ status: 200 }),
  updateDisplayName: async (world) => ({ who: await world.newCustomer(), json: { name: 'Rafiq Ahmed' }, status: 200 }),
  changePassword: async (world) => ({
    who: await world.newCustomer(),
    json: { currentPassword: 'secret123', newPassword: 'secret456', revokeOtherSessions: true },
    status: 200,
  }),
  requestPasswordReset: async (world) => ({
    json: { email: await emailOf(world, 'customer'), redirectTo: '/reset-password' },
    status: 200,
  }),
  // Its token comes only in a mailed link: a made-up one is refused as documented.
  resetPassword: async () => ({ json: { token: 'not-a-mailed-token', newPassword: 'secret456' }, status: 400 }),
  sendVerificationEmail: async (world) => ({ json: { email: await emailOf(world, 'customer') }, status: 200 }),
  verifyEmail: async () => ({ query: { token: 'not-a-mailed-token' }, status: 401 }),
  getSigningKeys: async () => ({ status: 200 }),

  // The merchant API (/api/v1)
  v1BookConsignment: async () => ({
    headers: { 'idempotency-key': crypto.randomUUID() },
    json: STANDARD_PARCEL,
    status: 201,
  }),
  v1BookBatch: async () => ({
    headers: { 'idempotency-key': crypto.randomUUID() },
    json: { parcels: parcelBatch(3, `CASE-${crypto.randomUUID()}-`) },
    status: 201,
  }),
  v1GetConsignment: async (world) => ({ params: { trackingCode: await world.newParcel() }, status: 200 }),
  v1Quote: async () => ({ query: { from: 'dhaka-gulshan', to: 'cumilla-debidwar', weightGrams: '800' }, status: 200 }),
  v1Ledger: async () => ({ query: {}, status: 200 }),
  v1CreateWebhookEndpoint: async () => ({
    json: { url: 'https://hooks.example.com/v1', events: ['consignment.status_changed', 'payout.paid'] },
    status: 201,
  }),
  v1ListWebhookEndpoints: async () => ({ status: 200 }),
  v1RemoveWebhookEndpoint: async (world) => ({ params: { id: await webhookEndpoint(world) }, status: 200 }),
  v1RotateWebhookSecret: async (world) => ({ params: { id: await keptWebhookEndpoint(world) }, status: 200 }),
  v1SendWebhookTestEvent: async (world) => ({ params: { id: await keptWebhookEndpoint(world) }, status: 201 }),
  v1ListWebhookDeliveries: async (world) => ({ params: { id: await keptWebhookEndpoint(world) }, status: 200 }),
  v1ResendWebhookDelivery: async (world) => {
    const endpoint = await keptWebhookEndpoint(world);
    const test = await world.as('merchant', 'POST', `/api/merchant/webhooks/${endpoint}/test`, undefined, 201);
    return { params: { id: test.id }, status: 201 };
  },
  v1Areas: async () => ({ query: { district: 'cumilla' }, status: 200 }),
  v1Services: async () => ({ status: 200 }),
  v1Label: async (world) => ({ params: { trackingCode: await world.newParcel() }, status: 200 }),
  v1ListConsignments: async (world) => {
    await world.newParcel();
    return { query: { status: 'booked', phone: STANDARD_PARCEL.recipient.phone }, status: 200 };
  },
  v1GetConsignmentByInvoice: async (world) => {
    const invoice = `INV-${crypto.randomUUID().slice(0, 8)}`;
    await world.newParcel({ merchantInvoice: invoice });
    return { query: { invoice }, status: 200 };
  },
  v1CancelConsignment: async (world) => ({ params: { trackingCode: await world.newParcel() }, status: 200 }),
  v1AdvanceTestConsignment: async (world) => {
    const apiKey = await world.testApiKey();
    const booked = await call<{ trackingCode: string }>(world.server, 'POST', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${apiKey}` },
      body: STANDARD_PARCEL,
    });
    return { apiKey, params: { trackingCode: booked.body.trackingCode }, json: { to: 'picked_up' }, status: 200 };
  },
  v1BatchLabels: async (world) => {
    const booked = await call<{ id: string }>(world.server, 'POST', '/api/v1/consignments/batch', {
      headers: { authorization: `Bearer ${await world.apiKey()}` },
      body: { parcels: parcelBatch(1, `LABELS-${crypto.randomUUID()}-`) },
    });
    return { params: { id: booked.body.id }, status: 200 };
  },
  v1HandoverPhoto: async (world) => {
    const trackingCode = await deliveredOnPhoto(world);
    // The parcel's answer through the API points at this operation, which the key opens (issue 41).
    const parcel = await call<{ proofOfDelivery: { photoUrl: string } }>(
      world.server,
      'GET',
      `/api/v1/consignments/${trackingCode}`,
      {
        headers: { authorization: `Bearer ${await world.apiKey()}` },
      },
    );
    const expected = `${world.server.url}/api/v1/consignments/${trackingCode}/handover-photo`;
    if (parcel.body.proofOfDelivery?.photoUrl !== expected)
      throw new Error(`the v1 photoUrl is ${parcel.body.proofOfDelivery?.photoUrl}, not ${expected}`);
    return { params: { trackingCode }, status: 200 };
  },
  v1Balance: async () => ({ status: 200 }),
  v1Payouts: async () => ({ query: { before: 'PO-999999' }, status: 200 }),
  v1ListStores: async () => ({ status: 200 }),
  v1CreateStore: async () => ({ json: NEW_STORE, status: 201 }),
  v1UpdateStore: async (world) => ({ params: { id: await newStore(world) }, json: { isDefault: false }, status: 200 }),
  v1ArchiveStore: async (world) => ({ params: { id: await newStore(world) }, status: 200 }),
  v1AskReturnRequest: async (world) => ({
    headers: { 'idempotency-key': crypto.randomUUID() },
    params: { trackingCode: await deliveredOnPhoto(world) },
    json: RETURN_ASKED,
    status: 201,
  }),
  v1ListReturnRequests: async (world) => {
    await returnRequest(world);
    return { query: { status: 'requested' }, status: 200 };
  },
  v1LookUpRecipientRecord: async () => ({ json: { phone: '+880 1712-345678' }, status: 200 }),
  v1GetReturnRequest: async (world) => ({ params: { id: await returnRequest(world) }, status: 200 }),
  v1CancelReturnRequest: async (world) => ({ params: { id: await returnRequest(world) }, status: 200 }),
  v1AdvanceTestReturnRequest: async (world) => {
    const apiKey = await world.testApiKey();
    const v1 = <T>(path: string, body?: unknown) =>
      call<T>(world.server, 'POST', `/api/v1${path}`, { headers: { authorization: `Bearer ${apiKey}` }, body });
    const { trackingCode } = (await v1<{ trackingCode: string }>('/consignments', STANDARD_PARCEL)).body;
    await v1(`/test/consignments/${trackingCode}/advance`, { to: 'picked_up' });
    for (const to of ['at_hub', 'out_for_delivery', 'delivered']) await v1(`/test/consignments/${trackingCode}/advance`, { to });
    const asked = await v1<{ id: string }>(`/consignments/${trackingCode}/return-requests`, RETURN_ASKED);
    return { apiKey, params: { id: asked.body.id }, json: { to: 'picked_up' }, status: 200 };
  },
};

/** What a merchant asks when a customer sends an item back (R-RETURN-REQUESTS). */
const RETURN_ASKED = { kind: 'return', reason: 'রং মেলেনি (the colour did not match)', pickupNote: 'After 5 pm' };

/** A return request of the merchant's, asked through its key for a parcel delivered on a photo: its id. */
async function returnRequest(world: ApiWorld, trackingCode?: string): Promise<string> {
  trackingCode ??= await deliveredOnPhoto(world);
  const asked = await call<{ id: string }>(world.server, 'POST', `/api/v1/consignments/${trackingCode}/return-requests`, {
    headers: { authorization: `Bearer ${await world.apiKey()}` },
    body: RETURN_ASKED,
  });
  if (asked.status !== 201) throw new Error(`return request: ${asked.status} ${JSON.stringify(asked.body)}`);
  return asked.body.id;
}

/** A pickup point a merchant adds (issue 41). */
const NEW_STORE = { name: 'Dhanmondi outlet', phone: '01711000001', address: 'House 7, Road 27', areaId: 'dhaka-dhanmondi' };

/** A new store of the merchant's, not its default: its id. */
async function newStore(world: ApiWorld): Promise<string> {
  return (await world.as('merchant', 'POST', '/api/merchant/stores', NEW_STORE, 201)).id;
}

/** A merchant application waiting for the admin: its id. */
async function application(world: ApiWorld): Promise<string> {
  const applicant = await world.newCustomer();
  const applied = await fetch(`${world.server.url}/api/merchant/application`, {
    method: 'POST',
    headers: { authorization: `Bearer ${applicant.token}`, 'content-type': 'application/json', origin: world.server.url },
    body: JSON.stringify(MERCHANT_APPLICATION),
  });
  return ((await applied.json()) as { id: string }).id;
}

/** One of the merchant's payouts, from delivering a parcel with cash and running the payouts: its id. */
async function payout(world: ApiWorld): Promise<string> {
  const listed = await world.as('merchant', 'GET', '/api/merchant/payouts', undefined, 200);
  if (listed[0]) return listed[0].id;
  const trackingCode = await world.parcelOutForDelivery();
  const messages = await world.as('admin', 'GET', '/api/mailbox/sms', undefined, 200);
  const code = JSON.stringify(messages).match(new RegExp(`${trackingCode}[^"]*?(\\d{6})`))?.[1];
  await world.as(
    'rider',
    'POST',
    `/api/rider/deliveries/${trackingCode}`,
    { outcome: 'delivered', code, codCollected: 100_000 },
    200,
  );
  await world.as('admin', 'POST', '/api/admin/payouts/run', { confirm: true }, 202);
  // The run works in the background: followed as the admin page does, until it is done.
  await holdsWithin(
    30_000,
    async () => (await world.as('admin', 'GET', '/api/admin/payouts/runs/current', undefined, 200)).state === 'done',
  );
  const payouts = await world.as('merchant', 'GET', '/api/merchant/payouts', undefined, 200);
  if (!payouts[0]) throw new Error('no payout was made');
  return payouts[0].id;
}

/** The day of the payout run that made the merchant's payout. */
async function payoutRunDay(world: ApiWorld): Promise<string> {
  await payout(world);
  return (await world.as('admin', 'GET', '/api/admin/payouts/runs/current', undefined, 200)).day;
}

/** A bulk booking of the merchant's, from the template file: its id. */
async function bulkBooking(world: ApiWorld): Promise<string> {
  const listed = await world.as('merchant', 'GET', '/api/merchant/bulk-bookings', undefined, 200);
  if (listed[0]) return listed[0].id;
  const { form: file } = (await API_CASES.bookInBulk?.(world)) ?? {};
  const booked = await fetch(`${world.server.url}/api/merchant/bulk-bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${(await world.merchant()).token}`, origin: world.server.url },
    body: file,
  });
  if (booked.status !== 201) throw new Error(`bulk booking: ${booked.status} ${await booked.text()}`);
  return ((await booked.json()) as { id: string }).id;
}

/** A webhook endpoint of the merchant's: its id. */
async function webhookEndpoint(world: ApiWorld): Promise<string> {
  const made = await world.as(
    'merchant',
    'POST',
    '/api/merchant/webhooks',
    { url: 'https://hooks.example.com/parcels', events: ['consignment.status_changed'] },
    201,
  );
  return made.id;
}

/** One endpoint the cases that leave it in place share: a merchant may have at most 10. */
const keptEndpoints = new WeakMap<ApiWorld, Promise<string>>();
function keptWebhookEndpoint(world: ApiWorld): Promise<string> {
  const kept = keptEndpoints.get(world) ?? webhookEndpoint(world);
  keptEndpoints.set(world, kept);
  return kept;
}

/** The payment the order's owner starts for it, as the payment page does. */
async function paymentOf(world: ApiWorld, owner: SignedInCustomer, orderId: string): Promise<{ clientSecret: string }> {
  const started = await fetch(`${world.server.url}/api/create-payment-intent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', origin: world.server.url },
    body: JSON.stringify({ orderId }),
  });
  if (started.status !== 200) throw new Error(`payment: ${started.status} ${await started.text()}`);
  return (await started.json()) as { clientSecret: string };
}

/** A request the server refuses as invalid (400), which its document must refuse too. */
export interface RefusedCase {
  operationId: string;
  what: string;
  request: (world: ApiWorld) => Promise<Omit<ApiRequest, 'status'>>;
}

/** What the documents once accepted and the server refused (issue 39 item 11). */
export const REFUSED_CASES: RefusedCase[] = [
  {
    operationId: 'addReview',
    what: 'a review without a photo',
    request: async () => ({ json: { reviewRating: 5, reviewDescription: 'Quick and careful.' } }),
  },
  {
    operationId: 'updateProduct',
    what: 'a product update without a picture',
    request: async (world) => {
      const { picture: _, ...fields } = NEW_PRODUCT;
      return { as: 'admin', params: { id: await world.product() }, json: fields };
    },
  },
  {
    operationId: 'requestPickup',
    what: 'a pickup phone that is no Bangladeshi mobile number',
    request: async () => ({ json: { ...STANDARD_PARCEL.pickup, phone: 'call me', day: day(2), window: '09-12' } }),
  },
  {
    operationId: 'updateProfile',
    what: 'a profile phone of letters',
    request: async (world) => ({
      params: { email: await emailOf(world, 'customer') },
      json: { address: '7 Quay Street, Chattogram', phoneNumber: 'abcdefg' },
    }),
  },
  {
    operationId: 'requestFreight',
    what: 'freight with neither weight nor volume',
    request: async () => ({
      json: {
        mode: 'road',
        origin: 'Dhaka',
        destination: 'Chattogram',
        goods: 'Garments',
        phone: '01711000000',
        readyDate: day(5),
      },
    }),
  },
  {
    operationId: 'searchProducts',
    what: 'a page size above the catalogue’s largest',
    request: async () => ({ query: { pageSize: '100000' } }),
  },
  {
    operationId: 'searchOrders',
    what: 'page 0 of the admin’s orders',
    request: async () => ({ as: 'admin', query: { page: '0' } }),
  },
  {
    operationId: 'v1ListConsignments',
    what: 'a recipient phone that is no Bangladeshi mobile number',
    request: async () => ({ query: { phone: '12345' } }),
  },
  {
    operationId: 'v1BookConsignment',
    what: 'an Idempotency-Key longer than 255 characters',
    request: async () => ({ headers: { 'idempotency-key': 'k'.repeat(256) }, json: STANDARD_PARCEL }),
  },
  {
    operationId: 'v1BookBatch',
    what: 'a batch of more than 500 parcels',
    request: async () => ({ json: { parcels: parcelBatch(501, 'TOO-MANY-') } }),
  },
];
