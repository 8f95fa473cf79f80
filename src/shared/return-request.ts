import { z } from 'zod';
import { bdMobileSchema } from './bd-mobile.ts';
import { listCursorSchema } from './parcel-lists.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/**
 * R-RETURN-REQUESTS (issue 41, decision 163): a merchant asks for a delivered parcel's item back from its
 * recipient (`return`), or for the rider to hand over a new item and bring the old one back (`exchange`).
 * A request has its own statuses and this one table of moves; the server moves it, the merchant reads it.
 */
export const RETURN_REQUEST_KINDS = ['return', 'exchange'] as const;
export type ReturnRequestKind = (typeof RETURN_REQUEST_KINDS)[number];

export const RETURN_REQUEST_STATUSES = [
  'requested',
  'picked_up',
  'at_hub',
  'returned_to_merchant',
  'cancelled',
  'failed',
] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

/** A request still on its way: a parcel has at most one (the database's partial unique index). */
export const OPEN_RETURN_REQUEST_STATUSES: readonly ReturnRequestStatus[] = ['requested', 'picked_up', 'at_hub'];

/**
 * The one table of moves: collected from the recipient, brought to a hub, handed back to the merchant; the
 * merchant cancels before the pickup; the recipient refuses or cannot be found before the item is taken.
 */
const NEXT: Record<ReturnRequestStatus, readonly ReturnRequestStatus[]> = {
  requested: ['picked_up', 'cancelled', 'failed'],
  picked_up: ['at_hub', 'failed'],
  at_hub: ['returned_to_merchant'],
  returned_to_merchant: [],
  cancelled: [],
  failed: [],
};

/** The next status on the way (the sandbox's advance, the staff's "next" button); undefined at the end. */
export const nextReturnStatus = (from: ReturnRequestStatus): ReturnRequestStatus | undefined => NEXT[from][0];

/** How people read each status (the parcel page, the staff list, the refusals). */
export const RETURN_REQUEST_STATUS_WORDS: Record<ReturnRequestStatus, string> = {
  requested: /*i18n*/ 'requested',
  picked_up: /*i18n*/ 'collected from the recipient',
  at_hub: /*i18n*/ 'at the hub',
  returned_to_merchant: /*i18n*/ 'returned to you',
  cancelled: /*i18n*/ 'cancelled',
  failed: /*i18n*/ 'failed',
};

export const RETURN_REQUEST_MESSAGES = {
  notFound: /*i18n*/ 'No return request of yours has this id.',
  notDelivered: /*i18n*/ 'Only a delivered parcel can be asked back: this one has not been delivered.',
  alreadyOpen: /*i18n*/ 'This parcel has a return request on its way already: cancel it first.',
  alreadyReturned: /*i18n*/ 'This parcel’s item has been returned to you already.',
  reason: /*i18n*/ 'Say why the item comes back',
  kind: /*i18n*/ 'Choose return or exchange',
  status: /*i18n*/ 'Choose a status from the list',
  failureReason: /*i18n*/ 'Say why the pickup failed',
  atTheEnd: (status: ReturnRequestStatus) =>
    englishText(/*i18n*/ 'This return request is {status}: it has nowhere further to go.', {
      status: RETURN_REQUEST_STATUS_WORDS[status],
    }),
  moveRefused: (from: ReturnRequestStatus, to: ReturnRequestStatus) =>
    englishText(/*i18n*/ 'A return request that is {from} cannot become {to}.', {
      from: RETURN_REQUEST_STATUS_WORDS[from],
      to: RETURN_REQUEST_STATUS_WORDS[to],
    }),
} as const;

/** Why a move is refused (409), or undefined when the table allows it. */
export function returnMoveProblem(from: ReturnRequestStatus, to: ReturnRequestStatus): string | undefined {
  return NEXT[from].includes(to) ? undefined : RETURN_REQUEST_MESSAGES.moveRefused(from, to);
}

const REASON_MAX = 500;
const PICKUP_NOTE_MAX = 300;

/** `POST /api/v1/consignments/{code}/return-requests` and the parcel page's "Ask for it back" form. */
export const returnRequestInputSchema = z.object({
  kind: z
    .enum(RETURN_REQUEST_KINDS, { error: RETURN_REQUEST_MESSAGES.kind })
    .describe(
      '`return`: the item comes back to your store; `exchange`: the rider hands over a new item and brings the old one back.',
    ),
  reason: textField(/*i18n*/ 'Reason', { error: RETURN_REQUEST_MESSAGES.reason })
    .trim()
    .min(1, RETURN_REQUEST_MESSAGES.reason)
    .max(
      REASON_MAX,
      englishText(/*i18n*/ '{field} must be at most {max} characters', { field: /*i18n*/ 'Reason', max: REASON_MAX }),
    )
    .describe('Why the item comes back, as the rider and the hub read it.'),
  pickupNote: textField(/*i18n*/ 'Pickup note')
    .trim()
    .max(
      PICKUP_NOTE_MAX,
      englishText(/*i18n*/ '{field} must be at most {max} characters', { field: /*i18n*/ 'Pickup note', max: PICKUP_NOTE_MAX }),
    )
    .optional()
    .describe('Where or when to collect the item, when not from the parcel’s address.'),
  pickupPhone: bdMobileSchema.optional().describe('The number to call at the pickup, when not the recipient’s.'),
});
export type ReturnRequestInput = z.input<typeof returnRequestInputSchema>;
export type NewReturnRequest = z.output<typeof returnRequestInputSchema>;

/** A return request as the merchant reads it; `charge` in poisha, debited when it is returned to you. */
export const returnRequestSchema = z.object({
  id: z.string(),
  trackingCode: z.string().describe('The parcel it brings back.'),
  merchantInvoice: z.string().nullable(),
  kind: z.enum(RETURN_REQUEST_KINDS),
  status: z.enum(RETURN_REQUEST_STATUSES),
  reason: z.string(),
  pickupNote: z.string().nullable(),
  pickupPhone: z.string().nullable(),
  failureReason: z.string().nullable().describe('Why the pickup failed; null otherwise.'),
  charge: z.number().int().describe('What it costs, in poisha: debited from your COD ledger once it is returned to you.'),
  test: z.boolean().describe('Of a sandbox parcel (R-SANDBOX): never charged.'),
  createdAt: z.string(),
  statusChangedAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** A page of the merchant's return requests, newest first; `next` is the `cursor` of the older page. */
export const returnRequestPageSchema = z.object({ returnRequests: z.array(returnRequestSchema), next: z.string().nullable() });
export type ReturnRequestPage = z.infer<typeof returnRequestPageSchema>;

export const returnRequestsQuerySchema = z.object({
  status: z.enum(RETURN_REQUEST_STATUSES, { error: RETURN_REQUEST_MESSAGES.status }).optional(),
  cursor: listCursorSchema,
});
export type ReturnRequestsQuery = z.infer<typeof returnRequestsQuerySchema>;

export const returnRequestIdParamsSchema = z.object({ id: z.uuid({ error: RETURN_REQUEST_MESSAGES.notFound }) });

/** Staff's move, and the sandbox's advance: to the status named, or the next on the way; a failure says why. */
export const returnRequestMoveSchema = z
  .object({
    to: z
      .enum(RETURN_REQUEST_STATUSES, { error: RETURN_REQUEST_MESSAGES.status })
      .optional()
      .describe('The status to move to; the next on the way when not given.'),
    failureReason: textField(/*i18n*/ 'Why it failed')
      .trim()
      .min(1, RETURN_REQUEST_MESSAGES.failureReason)
      .max(PICKUP_NOTE_MAX)
      .optional()
      .describe('Why the pickup failed, when `to` is `failed`.'),
  })
  .describe('What to move to; a POST with no body moves the request to its next status on the way.');
export type ReturnRequestMove = z.output<typeof returnRequestMoveSchema>;
