import { z } from 'zod';
import { namedPlaceSchema } from './area.ts';
import { CONSIGNMENT_STATUSES } from './consignment-status.ts';
import { HUB_IDS } from './hubs.ts';
import { LIMITS } from './limits.ts';
import { CROCKFORD, checkCharacter, writtenAsKept } from './tracking-code.ts';
import { englishText } from './translate.ts';

/**
 * Bags (sacks) between hubs (issue 43, R-BAGS, decision 172): opened at a hub for another hub, filled with
 * parcels scanned one by one, closed with a printed label, dispatched and received by one scan of that
 * label, each parcel moving with it. The one table of a bag's moves; read by the server and the Bags page.
 */
export const BAG_STATUSES = ['open', 'closed', 'dispatched', 'arrived'] as const;
export type BagStatus = (typeof BAG_STATUSES)[number];

/** A closed bag may be opened again (a parcel to take out) until it leaves; once it leaves, it only arrives. */
const BAG_MOVES: Record<BagStatus, readonly BagStatus[]> = {
  open: ['closed'],
  closed: ['open', 'dispatched'],
  dispatched: ['arrived'],
  arrived: [],
};

/** Each bag status as a word inside a sentence ("This bag is already dispatched."). */
export const BAG_STATUS_WORDS: Record<BagStatus, string> = {
  open: /*i18n*/ 'open',
  closed: /*i18n*/ 'closed',
  dispatched: /*i18n*/ 'dispatched',
  arrived: /*i18n*/ 'arrived',
};

export const BAG_MESSAGES = {
  notFound: /*i18n*/ 'No bag has this code. Check it on the bag’s label.',
  sameHub: /*i18n*/ 'A bag goes to another hub: choose a destination other than its origin.',
  notOpen: /*i18n*/ 'This bag is closed: open it again to add or take out parcels.',
  empty: /*i18n*/ 'An empty bag cannot be closed: scan its parcels first.',
  full: englishText(/*i18n*/ 'A bag holds at most {max} parcels: close this one and open another.', {
    max: LIMITS.bagMaxParcels,
  }),
  notAtOrigin: /*i18n*/ 'This parcel is not at this bag’s hub: scan it in at the hub first.',
  inThisBag: /*i18n*/ 'This parcel is already in this bag.',
  printing: /*i18n*/ 'Other manifests are being printed. Try again in a few seconds.',
  inSomeBag: /*i18n*/ 'This parcel is already in another bag.',
  inAnotherBag: (code: string) => englishText(/*i18n*/ 'This parcel is already in bag {code}.', { code }),
  notInBag: /*i18n*/ 'This parcel is not in this bag.',
  extra: /*i18n*/ 'This parcel was not put in this bag: it is listed as extra.',
  notArrived: /*i18n*/ 'Scan the bag’s arrival first: then scan each parcel taken out of it.',
  cannotLeave: (code: string, why: string) =>
    englishText(/*i18n*/ 'Parcel {code} cannot leave with the bag: {why} Open the bag again and take it out.', { code, why }),
  already: (status: BagStatus) => englishText(/*i18n*/ 'This bag is already {status}.', { status: BAG_STATUS_WORDS[status] }),
  cannot: (from: BagStatus, to: BagStatus) =>
    englishText(/*i18n*/ 'A bag that is {from} cannot be {to}.', { from: BAG_STATUS_WORDS[from], to: BAG_STATUS_WORDS[to] }),
} as const;

/** Why a bag that is `from` cannot become `to`, in the words of a 409; undefined when the table allows it. */
export function bagMoveProblem(from: BagStatus, to: BagStatus): string | undefined {
  if (from === to) return BAG_MESSAGES.already(from);
  return BAG_MOVES[from].includes(to) ? undefined : BAG_MESSAGES.cannot(from, to);
}

/**
 * Bag codes: "BG", eight characters of Crockford's base 32 and the tracking codes' check character, so a
 * bag's label is never read as a parcel's (those start with SC) and a mistyped one is caught.
 */
export const BAG_PREFIX = 'BG';
export const BAG_RANDOM_LENGTH = 8;

/** A bag code as typed or scanned, written the one way codes are kept; undefined when it cannot be one. */
export function readBagCode(typed: string): string | undefined {
  const code = writtenAsKept(typed);
  const body = code.slice(BAG_PREFIX.length, -1);
  if (!code.startsWith(BAG_PREFIX) || body.length !== BAG_RANDOM_LENGTH) return undefined;
  if ([...body, code.at(-1) as string].some((char) => !CROCKFORD.includes(char))) return undefined;
  return checkCharacter(body) === code.at(-1) ? code : undefined;
}

export const bagCodeParamsSchema = z.object({ code: z.string().max(40) });

/** `POST /api/ops/bags`: a bag opened at a hub for another. */
export const openBagSchema = z
  .object({
    origin: z.enum(HUB_IDS, { error: /*i18n*/ 'Choose the hub the bag leaves from' }),
    destination: z.enum(HUB_IDS, { error: /*i18n*/ 'Choose the hub the bag goes to' }),
  })
  .refine((bag) => bag.origin !== bag.destination, { path: ['destination'], message: BAG_MESSAGES.sameHub });
export type OpenBag = z.infer<typeof openBagSchema>;

/** Parcels scanned into a bag, or out of it at arrival: tracking codes, as the scan screen sends them. */
export const bagCodesSchema = z.object({
  codes: z
    .array(z.string().max(40), { error: /*i18n*/ 'codes must be a list of tracking codes' })
    .min(1, /*i18n*/ 'Scan or type at least one tracking code')
    .max(LIMITS.scanMaxCodes, englishText(/*i18n*/ 'At most {max} codes in one scan', { max: LIMITS.scanMaxCodes })),
});

export const bagSchema = z.object({
  code: z.string(),
  origin: z.enum(HUB_IDS),
  destination: z.enum(HUB_IDS),
  status: z.enum(BAG_STATUSES),
  /** Parcels in it. */
  parcels: z.number().int(),
  /** At arrival: its parcels scanned out of it, those not scanned (missing) and those scanned but not in it (extra). */
  received: z.number().int(),
  missing: z.number().int(),
  extra: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
});
export type Bag = z.infer<typeof bagSchema>;

/** The bags' list, newest first, a keyset page at a time; `hub` keeps those leaving from or going to it. */
export const bagListQuerySchema = z.object({
  hub: z.enum(HUB_IDS, { error: /*i18n*/ 'Choose a hub' }).optional(),
  cursor: z.string().max(200).optional(),
});
export const bagPageSchema = z.object({ bags: z.array(bagSchema), nextCursor: z.string().nullable() });
export type BagPage = z.infer<typeof bagPageSchema>;

/** Which of a bag's parcels a page lists: all in it, those missing at arrival, or the extra ones scanned. */
export const BAG_PARCEL_VIEWS = ['in', 'missing', 'extra'] as const;
export type BagParcelView = (typeof BAG_PARCEL_VIEWS)[number];
export const bagParcelsQuerySchema = z.object({
  show: z.enum(BAG_PARCEL_VIEWS, { error: /*i18n*/ 'show must be in, missing or extra' }).default('in'),
  cursor: z.string().max(200).optional(),
});

/** A parcel as a bag's list and manifest show it: where it goes, its weight and the cash to collect. */
export const bagParcelSchema = z.object({
  trackingCode: z.string(),
  status: z.enum(CONSIGNMENT_STATUSES),
  /** The recipient's area and district. */
  area: namedPlaceSchema,
  weightGrams: z.number().int(),
  codAmount: z.number().int(),
  /** Scanned out of the bag at arrival. */
  received: z.boolean(),
});
export type BagParcel = z.infer<typeof bagParcelSchema>;
export const bagParcelPageSchema = z.object({ parcels: z.array(bagParcelSchema), nextCursor: z.string().nullable() });
export type BagParcelPage = z.infer<typeof bagParcelPageSchema>;

/**
 * A scan of parcels into a bag, or out of it at arrival: one answer per code, in the order scanned, like the
 * hubs' scans (R-SCANS): `done` when it went in (or was found in the bag), else `problem` says why not.
 */
export const bagScanResultSchema = z.object({ code: z.string(), done: z.boolean(), problem: z.string().optional() });
export type BagScanResult = z.infer<typeof bagScanResultSchema>;
export const bagScanAnswerSchema = z.object({ bag: bagSchema, results: z.array(bagScanResultSchema) });
export type BagScanAnswer = z.infer<typeof bagScanAnswerSchema>;

export const bagLabelPath = (code: string) => `/api/ops/bags/${code}/label.pdf`;
export const bagManifestPath = (code: string, format: 'pdf' | 'csv') => `/api/ops/bags/${code}/manifest.${format}`;
export const bagPagePath = (code: string) => `/dashboard/bags/${code}`;
