import type { AreaDirectory } from '#shared/area.ts';
import type { Booking, Consignment, ConsignmentInput, MerchantConsignmentInput } from '#shared/consignment.ts';
import type { ConsignmentBatch } from '#shared/consignment-batch.ts';
import type { CodBalance, LedgerLine, LedgerPage, Payout, PayoutPage } from '#shared/merchant.ts';
import type { ParcelsPage } from '#shared/parcel-lists.ts';
import type { ParcelOutcomes } from '#shared/parcel-outcomes.ts';
import type { Quote, ServiceCatalogue } from '#shared/quote.ts';
import type { RecipientRecord, RecipientRecordLookup } from '#shared/recipient-record.ts';
import type { ReturnRequest, ReturnRequestInput, ReturnRequestMove, ReturnRequestPage } from '#shared/return-request.ts';
import type { SandboxAdvance } from '#shared/sandbox.ts';
import type { Store, StoreChange, StoreInput, StoreList } from '#shared/store.ts';
import type {
  NewWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEventData,
} from '#shared/webhooks.ts';

/**
 * Examples the API documents show beside the named schemas (issue 41), by component name: each is
 * checked against its own schema by the merchant API's test, so an example that drifts fails there.
 */
const store: Store = {
  id: '0193a6f4-3f50-7172-9d4e-6f8a0b2c4d56',
  name: 'Asha Rahman',
  phone: '01711000000',
  address: 'House 12, Road 5',
  area: {
    id: 'dhaka-gulshan',
    name: 'Gulshan',
    nameBn: 'গুলশান',
    district: { name: 'Dhaka', nameBn: 'ঢাকা' },
  },
  isDefault: true,
  createdAt: '2026-11-29T08:00:00.000Z',
};

/** A merchant's booking through the API: picked up at its store (issue 41), with the details merchants send. */
const parcel: MerchantConsignmentInput = {
  service: 'standard',
  storeId: store.id,
  recipient: { name: 'করিম মিয়া', phone: '01812345678', address: 'স্টেশন রোড', areaId: 'cumilla-debidwar' },
  weightGrams: 800,
  codAmount: 150000,
  merchantInvoice: 'ORD-1001',
  itemDescription: 'সুতি শাড়ি (cotton saree)',
  quantity: 2,
  declaredValue: 150000,
  alternativePhone: '01912345678',
  recipientEmail: 'karim@example.com',
  deliveryType: 'home',
  note: 'Call before coming',
};

/** A booking on the website by a sender who is no merchant: it gives the pickup itself. */
const senderParcel: ConsignmentInput = {
  service: 'standard',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: parcel.recipient,
  weightGrams: 800,
};

/** A parcel as the API answers it (captured from a booking of `parcel` on a test server). */
const booking: Booking = {
  trackingCode: 'SC0D4R7KQ9XM2',
  status: 'booked',
  deliveryFee: 12000,
  codFee: 2300,
  total: 14300,
  estimatedDelivery: {
    earliest: '2026-12-02',
    latest: '2026-12-05',
  },
  labelUrl: 'https://shop.example.com/api/v1/consignments/SC0D4R7KQ9XM2/label.pdf',
  test: false,
  addressQuality: 'vague',
};

const consignment: Consignment = {
  trackingCode: 'SC0D4R7KQ9XM2',
  status: 'booked',
  service: 'standard',
  zone: 'nationwide',
  currency: 'BDT',
  pickup: {
    name: 'Asha Rahman',
    phone: '01711000000',
    address: 'House 12, Road 5',
    area: {
      id: 'dhaka-gulshan',
      name: 'Gulshan',
      nameBn: 'গুলশান',
      district: {
        name: 'Dhaka',
        nameBn: 'ঢাকা',
      },
    },
  },
  recipient: {
    name: 'করিম মিয়া',
    phone: '01812345678',
    address: 'স্টেশন রোড',
    area: {
      id: 'cumilla-debidwar',
      name: 'Debidwar',
      nameBn: 'দেবিদ্বার',
      district: {
        name: 'Cumilla',
        nameBn: 'কুমিল্লা',
      },
    },
  },
  weightGrams: 800,
  codAmount: 150000,
  declaredValue: 150000,
  merchantInvoice: 'ORD-1001',
  note: 'Call before coming',
  itemDescription: 'সুতি শাড়ি (cotton saree)',
  quantity: 2,
  alternativePhone: '01912345678',
  recipientEmail: 'karim@example.com',
  deliveryType: 'home',
  storeId: store.id,
  deliveryFee: 12000,
  codFee: 2300,
  total: 14300,
  feePayment: 'cod',
  feePaid: true,
  estimatedDelivery: {
    earliest: '2026-12-02',
    latest: '2026-12-05',
  },
  labelUrl: 'https://shop.example.com/api/v1/consignments/SC0D4R7KQ9XM2/label.pdf',
  trackingUrl: 'https://shop.example.com/track/SC0D4R7KQ9XM2',
  createdAt: '2026-11-29T08:20:16.621Z',
  test: false,
  addressQuality: 'vague',
  proofOfDelivery: null,
};

const quote: Quote = {
  currency: 'BDT',
  zone: 'nationwide',
  from: 'dhaka-gulshan',
  to: 'cumilla-debidwar',
  options: [
    {
      service: 'same-day',
      available: false,
      deliveryFee: null,
      codFee: null,
      total: null,
      estimatedDelivery: null,
      reason: 'Same-day delivery stays within one city.',
    },
    {
      service: 'express',
      available: true,
      deliveryFee: 15000,
      codFee: 0,
      total: 15000,
      estimatedDelivery: {
        earliest: '2026-12-01',
        latest: '2026-12-03',
      },
    },
    {
      service: 'standard',
      available: true,
      deliveryFee: 12000,
      codFee: 0,
      total: 12000,
      estimatedDelivery: {
        earliest: '2026-12-02',
        latest: '2026-12-05',
      },
    },
    {
      service: 'cargo',
      available: false,
      deliveryFee: null,
      codFee: null,
      total: null,
      estimatedDelivery: null,
      reason: 'This service takes parcels from 10 kg.',
    },
    {
      service: 'premium',
      available: true,
      deliveryFee: 28000,
      codFee: 0,
      total: 28000,
      estimatedDelivery: {
        earliest: '2026-12-01',
        latest: '2026-12-02',
      },
    },
  ],
};

const endpoint: WebhookEndpoint = {
  id: '0193a6f0-5b1e-7c7a-9f1e-2d4b6c8e0a12',
  url: 'https://shop.example.com/hooks/courier',
  events: ['consignment.status_changed', 'payout.paid'],
  createdAt: '2026-11-29T08:15:00.000Z',
};

const payout: WebhookEventData['payout.paid'] = {
  number: 'PO-5001',
  amount: 1234500,
  lines: 42,
  cutoff: '2026-11-24T04:00:00.000Z',
  paidAt: '2026-11-24T09:30:00.000Z',
  reference: 'BKASH-7Q2K9',
};

/** A customer's return of a delivered parcel, as the API answers it. */
const returnRequest: ReturnRequest = {
  id: '0193a6f5-4a61-7283-8e5f-7a9b1c3d5e67',
  trackingCode: 'SC0D4R7KQ9XM2',
  merchantInvoice: 'ORD-1001',
  kind: 'return',
  status: 'requested',
  reason: 'রং মেলেনি (the colour did not match)',
  pickupNote: 'After 5 pm',
  pickupPhone: '01912345678',
  failureReason: null,
  charge: 12000,
  test: false,
  createdAt: '2026-11-29T11:00:00.000Z',
  statusChangedAt: '2026-11-29T11:00:00.000Z',
};

const event = <Data>(type: string, data: Data) => ({
  id: '0193a6f1-0c2d-7e4f-8a1b-3c5d7e9f1a23',
  type,
  createdAt: '2026-11-29T10:02:03.456Z',
  data,
});

const paidPayout: Payout = {
  id: '0193a6f2-1d3e-7f50-9b2c-4d6e8f0a2b34',
  merchant: { id: '0193a6f3-2e4f-7061-8c3d-5e7f9a1b3c45', businessName: 'Asha’s Crafts' },
  account: { kind: 'wallet', wallet: 'bkash', number: '*******5678' },
  createdAt: '2026-11-24T04:00:01.000Z',
  failedAt: null,
  failureReason: null,
  ...payout,
};

const statusChange: WebhookEventData['consignment.status_changed'] = {
  trackingCode: 'SC0D4R7KQ9XM2',
  merchantInvoice: 'ORD-1001',
  status: 'delivered',
  previousStatus: 'out_for_delivery',
  reason: null,
  hub: null,
  at: '2026-11-29T10:02:03.000Z',
  test: false,
};

// A delivered parcel's three lines, as the ledger writes them in the move's transaction (R-LEDGER).
const ledgerLines: LedgerLine[] = [
  { kind: 'cod_collected', amount: 150000 },
  { kind: 'delivery_fee', amount: -12000 },
  { kind: 'cod_fee', amount: -2300 },
].map(({ kind, amount }, index) => ({
  id: 981_204 - index,
  kind: kind as LedgerLine['kind'],
  amount,
  trackingCode: 'SC0D4R7KQ9XM2',
  merchantInvoice: 'ORD-1001',
  note: null,
  at: '2026-11-29T10:02:03.000Z',
  payout: null,
}));

const delivery: WebhookDelivery = {
  id: '0193a6f5-4a6b-7c8d-9e0f-1a2b3c4d5e6f',
  eventId: '0193a6f1-0c2d-7e4f-8a1b-3c5d7e9f1a23',
  eventType: 'consignment.status_changed',
  status: 'delivered',
  createdAt: '2026-11-29T10:02:03.456Z',
  attempts: [
    { at: '2026-11-29T10:02:03.512Z', responseStatus: 503, error: null, durationMs: 212 },
    { at: '2026-11-29T10:03:04.020Z', responseStatus: 200, error: null, durationMs: 87 },
  ],
};

/**
 * A second example where a schema's answer has another case a client must handle: a merchant whose fees passed
 * its cash (decision 165) reads a negative balance, which no payout pays and the next payout nets.
 */
export const MORE_SCHEMA_EXAMPLES: Record<string, unknown[]> = {
  CodBalance: [
    {
      balance: -10000,
      currency: 'BDT',
      nextPayoutDay: '2026-12-01',
      nextPayoutAt: '2026-12-01T04:00:00.000Z',
    } satisfies CodBalance,
  ],
};

const recipientAnswer: WebhookEventData['consignment.recipient_answered'] = {
  trackingCode: 'SC0D4R7KQ9XM2',
  merchantInvoice: 'ORD-1001',
  answer: 'change_asked',
  proposedAddress: 'House 14, Road 3, near the mosque',
  proposedPhone: null,
  at: '2026-11-30T08:15:00.000Z',
};

const returnRequestChange: WebhookEventData['return_request.status_changed'] = {
  id: returnRequest.id,
  trackingCode: returnRequest.trackingCode,
  merchantInvoice: returnRequest.merchantInvoice,
  kind: 'return',
  status: 'returned_to_merchant',
  previousStatus: 'at_hub',
  failureReason: null,
  at: '2026-11-30T09:00:00.000Z',
  test: false,
};

export const SCHEMA_EXAMPLES: Record<string, unknown> = {
  Booking: booking,
  Consignment: consignment,
  Quote: quote,
  ParcelsPage: { parcels: [consignment], next: null } satisfies ParcelsPage,
  NewConsignment: parcel,
  NewSenderConsignment: senderParcel,
  Store: store,
  StoreList: { stores: [store] } satisfies StoreList,
  NewStore: {
    name: 'Dhanmondi outlet',
    phone: '01711000001',
    address: 'House 7, Road 27',
    areaId: 'dhaka-dhanmondi',
    isDefault: false,
  } satisfies StoreInput,
  StoreChange: { isDefault: true } satisfies StoreChange,
  SandboxMove: { to: 'delivery_failed', reason: 'unreachable' } satisfies SandboxAdvance,
  NewConsignmentBatch: { parcels: [parcel, { ...parcel, merchantInvoice: 'ORD-1002', codAmount: 0 }] },
  WebhookEndpointRegistration: { url: endpoint.url, events: endpoint.events } satisfies WebhookEndpointInput,
  WebhookEndpoint: endpoint,
  WebhookEndpointList: [endpoint],
  CodBalance: {
    balance: 1234500,
    currency: 'BDT',
    nextPayoutDay: '2026-12-01',
    nextPayoutAt: '2026-12-01T04:00:00.000Z',
  } satisfies CodBalance,
  Payout: paidPayout,
  PayoutDetails: payout,
  PayoutPage: { payouts: [paidPayout], older: null } satisfies PayoutPage,
  LedgerLine: ledgerLines[0],
  LedgerPage: { lines: ledgerLines, older: 981_202, newer: null, balance: 1234500 } satisfies LedgerPage,
  ConsignmentBatch: {
    id: '0193a6f6-5b7c-7d9e-8f1a-2b3c4d5e6f70',
    parcels: [booking, { ...booking, trackingCode: 'SC0D4R7KQ9XM3', labelUrl: booking.labelUrl.replace('XM2', 'XM3') }],
    total: 28600,
    createdAt: '2026-11-29T08:20:16.621Z',
    labelsUrl: 'https://shop.example.com/api/v1/consignments/batch/0193a6f6-5b7c-7d9e-8f1a-2b3c4d5e6f70/labels.pdf',
  } satisfies ConsignmentBatch,
  AreaDirectory: {
    divisions: [
      {
        id: 'dhaka',
        name: 'Dhaka',
        nameBn: 'ঢাকা',
        districts: [
          {
            id: 'dhaka',
            name: 'Dhaka',
            nameBn: 'ঢাকা',
            areas: [{ id: 'dhaka-gulshan', name: 'Gulshan', nameBn: 'গুলশান', city: true, homeDelivery: true, pickup: true }],
          },
        ],
      },
    ],
  } satisfies AreaDirectory,
  ServiceCatalogue: {
    services: [
      {
        service: 'standard',
        name: 'Standard',
        nameBn: 'স্ট্যান্ডার্ড',
        minGrams: 1,
        bookedBeforeHour: null,
        zones: [
          { zone: 'same-city', workingDays: { earliest: 1, latest: 2 }, maxGrams: 25000 },
          { zone: 'suburb', workingDays: { earliest: 2, latest: 3 }, maxGrams: 25000 },
          { zone: 'nationwide', workingDays: { earliest: 3, latest: 5 }, maxGrams: 25000 },
        ],
      },
    ],
  } satisfies ServiceCatalogue,
  NewWebhookEndpoint: { ...endpoint, secret: 'whsec_3q9Zt2mVb8KxR4pLw7nC1sYd6fHj0aUe5Qk2Wm8rTzN' } satisfies NewWebhookEndpoint,
  WebhookDelivery: delivery,
  WebhookDeliveryList: [delivery],
  WebhookTest: { endpointId: endpoint.id } satisfies WebhookEventData['webhook.test'],
  ConsignmentStatusChange: statusChange,
  ConsignmentStatusChangedEvent: event('consignment.status_changed', statusChange),
  NewReturnRequest: {
    kind: 'return',
    reason: returnRequest.reason,
    pickupNote: 'After 5 pm',
    pickupPhone: '01912345678',
  } satisfies ReturnRequestInput,
  ReturnRequest: returnRequest,
  ParcelOutcomes: {
    weeks: [
      { week: '2026-11-16', delivered: 41, returned: 6, cancelled: 2, open: 0 },
      { week: '2026-11-23', delivered: 30, returned: 3, cancelled: 1, open: 12 },
    ],
    byConfirmation: {
      confirmed: { delivered: 25, returned: 1, cancelled: 0, open: 4 },
      unconfirmed: { delivered: 3, returned: 4, cancelled: 2, open: 1 },
      notAsked: { delivered: 43, returned: 4, cancelled: 1, open: 7 },
    },
  } satisfies ParcelOutcomes,
  RecipientRecordLookup: { phone: '+880 1712-345678' } satisfies RecipientRecordLookup,
  RecipientRecord: {
    phone: '01712345678',
    since: '2025-11-30',
    hidden: false,
    parcels: 14,
    delivered: 10,
    partlyDelivered: 1,
    returned: 2,
    refused: 2,
    cancelled: 1,
    deliveredPercent: 85,
  } satisfies RecipientRecord,
  ReturnRequestPage: { returnRequests: [returnRequest], next: null } satisfies ReturnRequestPage,
  ReturnRequestMove: { to: 'failed', failureReason: 'The recipient refused to give it back' } satisfies ReturnRequestMove,
  ReturnRequestStatusChange: returnRequestChange,
  ReturnRequestStatusChangedEvent: event('return_request.status_changed', returnRequestChange),
  RecipientAnswer: recipientAnswer,
  RecipientAnsweredEvent: event('consignment.recipient_answered', recipientAnswer),
  PayoutCreatedEvent: event('payout.created', { ...payout, paidAt: null, reference: null }),
  PayoutPaidEvent: event('payout.paid', payout),
  WebhookTestEvent: event('webhook.test', { endpointId: endpoint.id } satisfies WebhookEventData['webhook.test']),
};
