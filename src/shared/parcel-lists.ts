import { z } from 'zod';
import { namedPlaceSchema } from './area.ts';
import { bdMobileSchema, consignmentSchema } from './consignment.ts';
import { CONSIGNMENT_STATUSES, FAILURE_REASONS } from './consignment-status.ts';
import { HUB_IDS } from './hubs.ts';
import { calendarDaySchema, PICKUP_MESSAGES } from './pickup.ts';
import { invoiceLookupSchema } from './tracking.ts';

/**
 * Where a list stopped (decision 126): opaque to clients, which send back the `next` an answer gave them.
 * Newest first everywhere, so a parcel booked while someone pages lands above page 1, never in a later page.
 */
export const listCursorSchema = z
  .string()
  .trim()
  .max(300)
  .optional()
  .describe('The `next` of the page before; none for the first page.');

/** The most a list's count reads before it says "10,000+" (decision 126): counting further costs what listing does. */
export const LIST_COUNT_CAP = 10_000;

export const PARCEL_SEARCH_MAX_LENGTH = 100;

const searchText = z
  .string()
  .trim()
  .min(1, /*i18n*/ 'Type what to search for')
  .max(PARCEL_SEARCH_MAX_LENGTH, /*i18n*/ 'Search for at most 100 characters');

const statusFilter = z.enum(CONSIGNMENT_STATUSES, { error: /*i18n*/ 'Choose a status from the list' }).optional();
const bookedFrom = calendarDaySchema(PICKUP_MESSAGES.day).optional().describe('First day booked, in the shop’s time zone');
const bookedTo = calendarDaySchema(PICKUP_MESSAGES.day).optional().describe('Last day booked, in the shop’s time zone');

/**
 * `GET /api/consignments`: My Parcels' page, by status and booked between shop days (both included); a search
 * goes by POST, since it may be a phone or a name (decision 127).
 */
export const myParcelsQuerySchema = z.object({ status: statusFilter, from: bookedFrom, to: bookedTo, cursor: listCursorSchema });
export type MyParcelsQuery = z.infer<typeof myParcelsQuerySchema>;

/** `POST /api/consignments/search`: a tracking code, an invoice number, the recipient's phone or part of their name. */
export const myParcelsSearchSchema = myParcelsQuerySchema.extend({ q: searchText });
export type MyParcelsSearch = z.infer<typeof myParcelsSearchSchema>;

/** One page of a list newest first, and where the next (older) page starts; null on the last. */
export const parcelsPageSchema = z.object({ parcels: z.array(consignmentSchema), next: z.string().nullable() });
export type ParcelsPage = z.infer<typeof parcelsPageSchema>;

const LIST_MESSAGES = {
  merchant: /*i18n*/ 'Choose a merchant from the list',
  hub: /*i18n*/ 'Choose a hub from the list',
  hubList: /*i18n*/ 'Choose inbound, on hand or outbound',
  hubListNeedsHub: /*i18n*/ 'Choose the hub whose parcels to list',
  reason: /*i18n*/ 'Choose why the delivery failed',
  rider: /*i18n*/ 'Choose a rider',
} as const;

/**
 * A hub's own lists (R-HUB-LISTS): parcels in transit to it (bound for its division), on hand (at it) and
 * outbound (in transit from it).
 */
export const HUB_LISTS = ['inbound', 'on_hand', 'outbound'] as const;
export type HubList = (typeof HUB_LISTS)[number];

/** A filter that is on or absent, as a link from Operations writes it (`?stuck=yes`). */
const onlyWhenYes = z.enum(['yes']).optional();

/** The staff's list's fields (`GET /api/admin/parcels`), before the rule between them: what a link may carry. */
export const adminParcelsFieldsSchema = z.object({
  status: statusFilter,
  hub: z.enum(HUB_IDS, { error: LIST_MESSAGES.hub }).optional(),
  merchant: z.uuid({ error: LIST_MESSAGES.merchant }).optional().describe('A merchant’s id'),
  area: z.string().trim().max(120).optional().describe('The recipient’s area: its id or its name, like “Savar, Dhaka”'),
  from: bookedFrom,
  to: bookedTo,
  q: searchText.optional().describe('A tracking code, an invoice number or a recipient’s phone, exactly'),
  // Operations' counts, each opening the parcels behind it (R-OPERATIONS-LISTS).
  stuck: onlyWhenYes.describe('`yes`: the parcels longer than STUCK_AFTER_HOURS in one status on their way or on hold'),
  failed: z
    .enum(FAILURE_REASONS, { error: LIST_MESSAGES.reason })
    .optional()
    .describe('The parcels whose delivery failed for this reason in the last 7 days'),
  rider: z.email({ error: LIST_MESSAGES.rider }).optional().describe('A rider’s email: the parcels given to them'),
  cashHeld: onlyWhenYes.describe('`yes`: the parcels whose collected cash is not handed in yet'),
  hubList: z
    .enum(HUB_LISTS, { error: LIST_MESSAGES.hubList })
    .optional()
    .describe('With `hub`: its parcels in transit to it, on hand at it, or in transit from it'),
  cursor: listCursorSchema,
});

/** `GET /api/admin/parcels` (operators and admins): every parcel, filtered; booked between shop days, both included. */
export const adminParcelsQuerySchema = adminParcelsFieldsSchema.refine((query) => !query.hubList || query.hub, {
  path: ['hub'],
  message: LIST_MESSAGES.hubListNeedsHub,
});
export type AdminParcelsQuery = z.infer<typeof adminParcelsQuerySchema>;

/**
 * `GET /api/v1/consignments` (issue 41): the merchant's own parcels by status, booked between shop days
 * (both included), by invoice number or the recipient's phone, each exactly, and by store; filters combine. The
 * invoice and the phone are in the query on the key-authenticated API only (decision 134).
 */
export const apiParcelsQuerySchema = z.object({
  status: statusFilter,
  from: bookedFrom,
  to: bookedTo,
  invoice: invoiceLookupSchema.shape.invoice.optional().describe('Your invoice number, exactly as booked'),
  phone: bdMobileSchema
    .optional()
    .describe('The recipient’s mobile number, in any form a booking takes: 01711000000, +880 1711-000000, Bengali digits'),
  store: z
    .uuid({ error: /*i18n*/ 'Choose one of your stores' })
    .optional()
    .describe('One of your stores’ id (`GET /api/v1/stores`): the parcels picked up there'),
  cursor: listCursorSchema,
});
export type ApiParcelsQuery = z.infer<typeof apiParcelsQuerySchema>;

/**
 * `GET /api/v1/consignments/by-invoice?invoice=`: one of the merchant's invoice numbers, read as the invoice
 * lookup reads it; in the query, not the path (decision 135).
 */
export const invoiceQuerySchema = invoiceLookupSchema.pick({ invoice: true });

/** What a sender's list of parcels is filtered by: the website's status and search, the merchant API's filters. */
export type SendersParcelsFilter = Partial<Pick<MyParcelsSearch, 'q'> & Omit<ApiParcelsQuery, 'cursor'>>;

export const adminParcelSchema = z.object({
  trackingCode: z.string(),
  status: z.enum(CONSIGNMENT_STATUSES),
  hub: z.string().nullable(),
  merchant: z.object({ id: z.string(), businessName: z.string() }).nullable(),
  merchantInvoice: z.string().nullable(),
  recipientArea: namedPlaceSchema,
  codAmount: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type AdminParcel = z.infer<typeof adminParcelSchema>;

export const adminParcelsPageSchema = z.object({
  parcels: z.array(adminParcelSchema),
  next: z.string().nullable(),
  /** On the first page only: how many match, up to LIST_COUNT_CAP (then `capped`). */
  count: z.object({ matches: z.number().int(), capped: z.boolean() }).nullable(),
});
export type AdminParcelsPage = z.infer<typeof adminParcelsPageSchema>;
