import { z } from 'zod';
import { addressQualitySchema } from './address-quality.ts';
import { namedPlaceSchema } from './area.ts';
import { cashDifferenceSchema } from './cash-handins.ts';
import { bdMobileSchema, optionalText } from './consignment.ts';
import { CONSIGNMENT_STATUSES, FAILURE_REASONS, PARCEL_STATUS_MESSAGES, SCAN_STATUSES } from './consignment-status.ts';
import { withWesternDigits } from './digits.ts';
import { HANDOVER_PHOTO_FIELD } from './handover-photo.ts';
import { HUB_IDS } from './hubs.ts';
import { LIMITS } from './limits.ts';
import { SERVICES } from './parcel-services.ts';
import { readerCharacters } from './text.ts';
import { textField } from './text-field.ts';
import { trackingCodeProblem } from './tracking-code.ts';
import { englishText } from './translate.ts';

const placeNames = z.object({ name: z.string(), nameBn: z.string() });

/** One step of a parcel's trip as the public tracking page shows it (R-TRACKING). */
export const trackingEventSchema = z.object({
  status: z.enum(CONSIGNMENT_STATUSES),
  /** What happened, in the request's language. */
  message: z.string(),
  hub: placeNames.optional(),
  /** Why a delivery failed, for a failed attempt. */
  reason: z.enum(FAILURE_REASONS).optional(),
  at: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/**
 * `GET /api/track/{trackingCode}` (R-TRACKING): what anyone holding the code may know. The recipient is
 * named by first name and initial; no phone, no address, no amounts.
 */
export const trackingSchema = z.object({
  trackingCode: z.string(),
  status: z.enum(CONSIGNMENT_STATUSES),
  service: z.enum(SERVICES),
  origin: z.object({ district: placeNames }),
  destination: z.object({ district: placeNames }),
  recipient: z.object({ name: z.string() }),
  estimatedDelivery: z.object({ earliest: z.string(), latest: z.string() }),
  events: z.array(trackingEventSchema),
  test: z.boolean().describe('Booked with a test key: a sandbox parcel that goes nowhere (R-SANDBOX).'),
});
export type Tracking = z.infer<typeof trackingSchema>;

export const TRACKING_MESSAGES = {
  notFound: /*i18n*/ 'No parcel has this tracking code. Check it on your receipt or label.',
  notFoundByInvoice: /*i18n*/ 'No parcel has this invoice number and recipient phone.',
  notACode: /*i18n*/ 'A tracking code starts with SC and has 11 more letters and digits, like SC7K2M9XQ4TR8.',
  typo: /*i18n*/ 'This code has a typo — check it against your text or label.',
} as const;

/**
 * What the tracking form says about a typed code that is not a parcel's (R-TRACKING-CODE): a code of the
 * right shape whose check character fails has a typo, anything else is not a code at all.
 */
export function trackingCodeMessage(typed: string): string | undefined {
  const problem = trackingCodeProblem(typed);
  return problem && (problem === 'typo' ? TRACKING_MESSAGES.typo : TRACKING_MESSAGES.notACode);
}

/** Marks that change the direction text is shown in: kept out of a public name, whatever a sender typed (R-TRACKING). */
const DIRECTION_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The most of a first name public tracking shows: a one-word "name" may be a whole address. */
const SHOWN_NAME_MAX_CHARACTERS = 15;

/**
 * "Rahima Khatun" → "Rahima K.": enough for a recipient to know the parcel is theirs, not enough to find
 * them. Characters are counted and cut as a reader sees them, so a Bangla initial keeps its vowel sign.
 */
export function shortenedName(name: string): string {
  const [first = '', ...rest] = name.replace(DIRECTION_MARKS, '').trim().split(/\s+/);
  // Characters are never more than UTF-16 units: a name that short is shown whole without counting them.
  const firstCharacters = first.length > SHOWN_NAME_MAX_CHARACTERS ? readerCharacters(first) : [];
  const shown =
    firstCharacters.length > SHOWN_NAME_MAX_CHARACTERS
      ? `${firstCharacters.slice(0, SHOWN_NAME_MAX_CHARACTERS).join('')}…`
      : first;
  const last = rest.at(-1);
  return last ? `${shown} ${initialOf(last).toUpperCase()}.` : shown;
}

/** An ASCII letter followed by ASCII (or nothing) is a character by itself; anything else is asked of the segmenter. */
const PLAIN_INITIAL = /^[\x21-\x7e](?![\u0080-\uffff])/;
/** A word's first character as a reader sees it: a Bangla initial keeps its vowel sign. Segmenting cost a tracking miss 0.1 ms. */
const initialOf = (word: string) => (PLAIN_INITIAL.test(word) ? (word[0] ?? '') : (readerCharacters(word)[0] ?? ''));

/** `POST /track` and `/api/track/lookup`: a merchant's invoice number with the recipient's phone (never in an address). */
export const invoiceLookupSchema = z.object({
  invoice: textField(/*i18n*/ 'Invoice number', { error: /*i18n*/ 'Type the invoice number' })
    .trim()
    .min(1, /*i18n*/ 'Type the invoice number')
    .max(
      LIMITS.merchantInvoiceMaxLength,
      englishText(/*i18n*/ 'invoice must be at most {max} characters', { max: LIMITS.merchantInvoiceMaxLength }),
    ),
  phone: bdMobileSchema,
});

/** `POST /api/ops/scans` (R-SCANS): many parcels moved to one status at one hub, each on its own. */
export const scanRequestSchema = z
  .object({
    codes: z
      .array(z.string().max(40), { error: /*i18n*/ 'codes must be a list of tracking codes' })
      .min(1, /*i18n*/ 'Scan or type at least one tracking code')
      .max(LIMITS.scanMaxCodes, englishText(/*i18n*/ 'At most {max} codes in one scan', { max: LIMITS.scanMaxCodes })),
    status: z.enum(SCAN_STATUSES, { error: /*i18n*/ 'Choose the new status' }),
    hub: z.enum(HUB_IDS, { error: /*i18n*/ 'Choose a hub' }).optional(),
    reason: z.enum(FAILURE_REASONS, { error: /*i18n*/ 'Choose why the delivery failed' }).optional(),
    /** Out for delivery: the rider (by email) who takes the parcels, or takes over the ones already out. */
    rider: z.email({ error: /*i18n*/ 'Choose a rider' }).optional(),
    note: optionalText(/*i18n*/ 'Note', LIMITS.parcelNoteMaxLength),
  })
  .superRefine((scan, context) => {
    // Issue 39 item 5: a parcel out for delivery with no rider is on nobody's run and cannot be delivered.
    if (scan.status === 'out_for_delivery' && !scan.rider)
      context.addIssue({ code: 'custom', path: ['rider'], message: PARCEL_STATUS_MESSAGES.riderNeeded });
  });
export type ScanRequest = z.infer<typeof scanRequestSchema>;

export const scanResultSchema = z.object({
  code: z.string(),
  moved: z.boolean(),
  status: z.enum(CONSIGNMENT_STATUSES).optional(),
  /** Why it was not moved, in the request's language. */
  problem: z.string().optional(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** A field a form sent empty is a field not given (a multipart form sends every input). */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A recipient's delivery code as the rider types it: six digits, Bengali ones too. */
const deliveryCodeField = z.preprocess(
  emptyAsMissing,
  z
    .string({ error: /*i18n*/ 'Type the recipient’s 6-digit code' })
    .transform((typed) => withWesternDigits(typed).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, /*i18n*/ 'Type the recipient’s 6-digit code'))
    .optional(),
);

/** Poisha as a number in JSON, or as the digits a multipart form carries. */
const codCollectedField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: /*i18n*/ 'Cash collected must be a whole number of poisha' })
    .int(/*i18n*/ 'Cash collected must be a whole number of poisha')
    .min(0, /*i18n*/ 'Cash collected must not be negative'),
);

export const PROOF_MESSAGES = {
  sealedCodeUnreadable: /*i18n*/ 'The code kept on the phone could not be read: type the recipient’s code again.',
  proofNeeded: /*i18n*/ 'Type the recipient’s 6-digit code, or take a photo of the handover and name who took it.',
  receiverNeeded: /*i18n*/ 'Type the name of the person who took the parcel.',
  noPhoto: /*i18n*/ 'This parcel was not delivered on a photo.',
} as const;

/**
 * `POST /api/rider/deliveries/{code}` (R-PROOF-OF-DELIVERY): the rider's outcome. Delivered needs the
 * whole cash to collect, a partial delivery the cash taken and what was handed over; both are proved by
 * the recipient's code, or by a photo of the handover in `handoverPhoto` with the name of who took the
 * parcel (`photoFile`: whatever each side holds a file as, a browser File or a server Buffer). A failed
 * attempt needs its reason.
 */
export function deliveryOutcomeSchema<File extends z.ZodType>(photoFile: File) {
  const proof = {
    code: deliveryCodeField,
    /** The code sealed for the server by the rider app, which keeps no code in the clear (R-RIDER-OFFLINE). */
    sealedCode: z.string().max(LIMITS.sealedCodeMaxLength).optional(),
    receivedBy: z.preprocess(
      emptyAsMissing,
      textField(/*i18n*/ 'Received by').trim().max(LIMITS.receiverNameMaxLength).optional(),
    ),
    [HANDOVER_PHOTO_FIELD]: photoFile.optional(),
    codCollected: codCollectedField,
  };
  return z
    .discriminatedUnion(
      'outcome',
      [
        z.object({ outcome: z.literal('delivered'), ...proof }),
        z.object({
          outcome: z.literal('partial'),
          ...proof,
          handedOver: textField(/*i18n*/ 'Handed over', { error: /*i18n*/ 'Say what was handed over' })
            .trim()
            .min(1, /*i18n*/ 'Say what was handed over')
            .max(LIMITS.parcelNoteMaxLength),
        }),
        z.object({
          outcome: z.literal('failed'),
          reason: z.enum(FAILURE_REASONS, { error: /*i18n*/ 'Choose why the delivery failed' }),
        }),
      ],
      { error: /*i18n*/ 'outcome must be delivered, partial or failed' },
    )
    .superRefine((outcome, context) => {
      if (outcome.outcome === 'failed' || outcome.code !== undefined || outcome.sealedCode !== undefined) return;
      if (outcome[HANDOVER_PHOTO_FIELD] === undefined)
        context.addIssue({ code: 'custom', path: ['code'], message: PROOF_MESSAGES.proofNeeded });
      else if (outcome.receivedBy === undefined)
        context.addIssue({ code: 'custom', path: ['receivedBy'], message: PROOF_MESSAGES.receiverNeeded });
    });
}
/** An outcome with the photo as `Photo`: a File in the browser, bytes and then a stored name on the server. */
export type DeliveryOutcome<Photo> = z.infer<ReturnType<typeof deliveryOutcomeSchema<z.ZodType<Photo>>>>;

/** A parcel on a rider's run (R-PROOF-OF-DELIVERY): where it goes, whom to call, the cash to collect. */
export const runParcelSchema = z.object({
  trackingCode: z.string(),
  service: z.enum(SERVICES),
  recipient: z.object({ name: z.string(), phone: z.string(), address: z.string(), area: namedPlaceSchema }),
  codAmount: z.number().int(),
  attempt: z.number().int(),
  note: z.string().nullable(),
  addressQuality: addressQualitySchema.optional(),
});
export type RunParcel = z.infer<typeof runParcelSchema>;

/** `GET /api/admin/operations` (R-OPERATIONS): the network at a glance. */
export const operationsSchema = z.object({
  byStatus: z.array(z.object({ status: z.enum(CONSIGNMENT_STATUSES), count: z.number().int() })),
  /** Parcels in a hub's hands (at it, leaving it, at it for delivery), by hub and status. */
  byHub: z.array(z.object({ hub: z.string(), status: z.enum(CONSIGNMENT_STATUSES), count: z.number().int() })),
  /** Parcels longer than `stuckAfterHours` in one status on their way, the longest first. */
  stuck: z.array(
    z.object({ trackingCode: z.string(), status: z.enum(CONSIGNMENT_STATUSES), hub: z.string().nullable(), since: z.string() }),
  ),
  stuckAfterHours: z.number().int(),
  /** Failed delivery attempts of the last `failedWithinDays` days, by reason. */
  failedByReason: z.array(z.object({ reason: z.enum(FAILURE_REASONS), count: z.number().int() })),
  failedWithinDays: z.number().int(),
  /** Parcels not picked up yet whose recipients were asked to confirm them and have not (R-CONFIRM-BEFORE-PICKUP), by answer. */
  unconfirmed: z.object({
    waiting: z.number().int().describe('Not answered yet, or a change waiting for its merchant.'),
    notOrdered: z.number().int().describe('Their recipients say they did not order them: held, not picked up.'),
  }),
  /** Cash riders collected and have not handed in yet, by rider, in poisha. */
  cashWithRiders: z.array(
    z.object({ rider: z.object({ name: z.string(), email: z.string() }), parcels: z.number().int(), amount: z.number().int() }),
  ),
  /** Hand-ins of the last `failedWithinDays` days whose counted cash differed from the collected (R-CASH-HANDINS), newest first. */
  cashDifferences: z.array(cashDifferenceSchema),
});
export type Operations = z.infer<typeof operationsSchema>;
