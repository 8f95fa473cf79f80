import { z } from 'zod';
import { bdMobileSchema, pickupPartySchema } from './consignment.ts';
import { LIMITS } from './limits.ts';
import { PARCEL_CURRENCY } from './parcel-services.ts';
import { routingNumberSchema } from './routing-number.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** A merchant account's standing (issue 30): applied, approved by an admin, or refused with a reason. */
export const MERCHANT_STATUSES = ['pending', 'approved', 'refused'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** The mobile wallets Bangladeshi merchants are paid into. */
export const WALLETS = ['bkash', 'nagad', 'rocket'] as const;
export type Wallet = (typeof WALLETS)[number];

const requiredText = (field: string, message: string, max: number) =>
  textField(field, { error: message })
    .trim()
    .min(1, message)
    .max(max, englishText(/*i18n*/ '{field} must be at most {max} characters', { field, max }));

/** Where a merchant's money goes: a bank account, or a mobile wallet's number. */
export const payoutMethodSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('bank'),
      bankName: requiredText(/*i18n*/ 'bankName', /*i18n*/ 'Type the bank’s name', LIMITS.merchantTextMaxLength),
      branch: requiredText(/*i18n*/ 'branch', /*i18n*/ 'Type the branch', LIMITS.merchantTextMaxLength),
      accountName: requiredText(/*i18n*/ 'accountName', /*i18n*/ 'Type the account’s name', LIMITS.merchantTextMaxLength),
      accountNumber: z
        .string({ error: /*i18n*/ 'Type the account number: 8 to 20 digits' })
        .transform((typed) => typed.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{8,20}$/, /*i18n*/ 'Type the account number: 8 to 20 digits')),
      /**
       * The branch's Bangladesh Bank routing number, which a BEFTN transfer needs (R-PAYOUT-FILES). Every new
       * application gives it; accounts made before it was asked have none until they give it (decision 180).
       */
      routingNumber: routingNumberSchema.optional(),
    }),
    z.object({
      kind: z.literal('wallet'),
      wallet: z.enum(WALLETS, { error: /*i18n*/ 'Choose bKash, Nagad or Rocket' }),
      number: bdMobileSchema,
    }),
  ],
  { error: /*i18n*/ 'Choose how you are paid: a bank account or a mobile wallet' },
);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/** `POST /api/merchant/application` (issue 30): who the merchant is, where parcels are picked up, where money goes. */
export const merchantApplicationSchema = z.object({
  businessName: requiredText(/*i18n*/ 'businessName', /*i18n*/ 'Type your business’s name', LIMITS.merchantTextMaxLength),
  pickupAddresses: z
    .array(pickupPartySchema, { error: /*i18n*/ 'Give at least one pickup address' })
    .min(1, /*i18n*/ 'Give at least one pickup address')
    .max(
      LIMITS.merchantPickupAddressesMax,
      englishText(/*i18n*/ 'At most {max} pickup addresses', { max: LIMITS.merchantPickupAddressesMax }),
    ),
  payoutMethod: payoutMethodSchema.refine((method) => method.kind !== 'bank' || method.routingNumber !== undefined, {
    path: ['routingNumber'],
    error: /*i18n*/ 'Type the branch’s routing number: 9 digits',
  }),
});
export type MerchantApplicationInput = z.input<typeof merchantApplicationSchema>;
export type MerchantApplication = z.output<typeof merchantApplicationSchema>;

/** `POST /api/admin/merchants/{id}/refuse`: the reason the applicant reads. */
export const merchantRefusalSchema = z.object({
  reason: requiredText(/*i18n*/ 'reason', /*i18n*/ 'Say why the application is refused', LIMITS.parcelNoteMaxLength),
});

const pickupAddressSchema = z.object({ name: z.string(), phone: z.string(), address: z.string(), areaId: z.string() });

/** A merchant account as its owner and admins see it. */
export const merchantSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  businessName: z.string(),
  pickupAddresses: z.array(pickupAddressSchema),
  payoutMethod: payoutMethodSchema,
  status: z.enum(MERCHANT_STATUSES),
  refusalReason: z.string().nullable(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Poisha owed to the merchant now: the sum of the ledger's lines not yet paid out. */
  balance: z.number().int(),
  /** Every cash-on-delivery parcel's recipient is asked to confirm it before pickup (R-CONFIRM-BEFORE-PICKUP). */
  confirmEveryCod: z.boolean(),
});
export type Merchant = z.infer<typeof merchantSchema>;

/** `GET /api/admin/merchants`: a page of accounts; `next` is the `after` of the page that follows, or null. */
export const merchantListSchema = z.object({ merchants: z.array(merchantSchema), next: z.string().nullable() });
export type MerchantList = z.infer<typeof merchantListSchema>;

/** `GET /api/admin/merchants?status=&after=`: one standing, and the page after an account. */
export const merchantListQuerySchema = z.object({
  status: z.enum(MERCHANT_STATUSES).optional(),
  after: z.uuid({ error: /*i18n*/ 'No merchant has this id.' }).optional(),
});

export const merchantIdParamsSchema = z.object({ id: z.uuid({ error: /*i18n*/ 'No merchant has this id.' }) });

/** What each line of a merchant's ledger is for (issue 30). */
export const LEDGER_KINDS = [
  'cod_collected',
  'delivery_fee',
  'cod_fee',
  'return_charge',
  'return_request_charge',
  'correction',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How people read each kind of line, in the statement, the mails and the pages. */
export const LEDGER_KIND_NAMES: Record<LedgerKind, string> = {
  cod_collected: /*i18n*/ 'Cash collected',
  delivery_fee: /*i18n*/ 'Delivery fees',
  cod_fee: /*i18n*/ 'COD charges',
  return_charge: /*i18n*/ 'Return charges',
  return_request_charge: /*i18n*/ 'Return request charges',
  correction: /*i18n*/ 'Corrections',
};

/** The merchant's own page: the account, the ledger and the payouts. */
export const MERCHANT_PATH = '/dashboard/merchant';

/** One line of a merchant's COD ledger, in poisha: credits positive, debits negative. */
export const ledgerLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  trackingCode: z.string().nullable(),
  /** The merchant's own invoice number of the parcel, as booked: what their books know it by. */
  merchantInvoice: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
  /** The payout that settled it; null while it is owed. */
  payout: z.string().nullable(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

/** A ledger line's id as a page's bound: `before` for older lines, `after` for newer ones (issue 40). */
const lineCursor = z.coerce
  .number({ error: /*i18n*/ 'before and after must be a ledger line’s id' })
  .int(/*i18n*/ 'before and after must be a ledger line’s id')
  .positive(/*i18n*/ 'before and after must be a ledger line’s id');

/** A statement's period: the shop's calendar days, both included. */
export const ledgerPeriodSchema = z.object({
  from: z.iso.date({ error: /*i18n*/ 'from must be a date: YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: /*i18n*/ 'to must be a date: YYYY-MM-DD' }).optional(),
});
export type LedgerPeriod = z.output<typeof ledgerPeriodSchema>;

/**
 * `GET /api/merchant/ledger?from=&to=&before=|after=`: a period's page of lines, newest first, next to a
 * line the previous page named (issue 40: keyset pages, no page numbers to count or skip).
 */
export const ledgerQuerySchema = ledgerPeriodSchema.extend({ before: lineCursor.optional(), after: lineCursor.optional() });
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;
/** Which page of the ledger: the newest without either. */
export type LedgerCursor = Pick<LedgerQuery, 'before' | 'after'>;

export const ledgerPageSchema = z.object({
  lines: z.array(ledgerLineSchema),
  /** `before` for the page of older lines; null on the oldest page. */
  older: z.number().int().nullable(),
  /** `after` for the page of newer lines; null on the newest page. */
  newer: z.number().int().nullable(),
  /** All lines ever, settled or not, minus what was paid out: what the merchant is owed now. */
  balance: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** An account number as its owner reads it on a statement or a page: all but the last four digits starred. */
export const maskedNumber = (number: string) => `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;

/** Where a payout goes, as an answer shows it: the payout method, its number starred where the reader need not see it. */
export const payoutAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank'),
    bankName: z.string(),
    branch: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    routingNumber: z.string().optional(),
  }),
  z.object({ kind: z.literal('wallet'), wallet: z.enum(WALLETS), number: z.string() }),
]);
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/**
 * A payout account with its number starred (R-PAYOUT-ACCOUNT): what a merchant reads of their own on
 * their page; admins, who make the transfer, read it whole.
 */
export function maskedPayoutAccount(method: PayoutMethod): PayoutAccount {
  return method.kind === 'bank'
    ? { ...method, accountNumber: maskedNumber(method.accountNumber) }
    : { ...method, number: maskedNumber(method.number) };
}

/** A payout (issue 30): the merchant's unsettled lines up to a Tuesday's cut-off, paid by bank or wallet. */
export const payoutSchema = z.object({
  id: z.string(),
  number: z.string(),
  merchant: z.object({ id: z.string(), businessName: z.string() }),
  /** Where it is paid (issue 42): the merchant's payout method, whole for admins, starred for the merchant. */
  account: payoutAccountSchema,
  amount: z.number().int(),
  lines: z.number().int(),
  cutoff: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  reference: z.string().nullable(),
  /** When the bank's or wallet's result file said the transfer failed, and why (R-PAYOUT-FILES); its amount is owed again. */
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** A page of payouts (issue 40): the newest, or those numbered `before` the last one read (PO-5001 or 5001). */
export const PAYOUTS_PER_PAGE = 50;
export const payoutListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^(PO-)?\d{1,9}$/)
    .transform((number) => Number(number.replace('PO-', '')))
    .optional(),
});

/** A page of the merchant's payouts through the API: `older` is the `before` of the next page, null on the last. */
export const payoutPageSchema = z.object({
  payouts: z.array(payoutSchema),
  older: z.number().int().nullable(),
});
export type PayoutPage = z.infer<typeof payoutPageSchema>;

/** The merchant's COD balance as the merchant page shows it (R-PAYOUTS): what is owed now, and when it is paid. */
export const codBalanceSchema = z.object({
  balance: z
    .number()
    .int()
    .describe(
      'Every ledger line not yet settled by a payout, in poisha: what you are owed now (negative while fees exceed cash).',
    ),
  currency: z.literal(PARCEL_CURRENCY),
  nextPayoutDay: z
    .string()
    .describe('The shop’s day (YYYY-MM-DD, in the shop’s time zone) of the next payout run: every Tuesday, from 10:00.'),
  nextPayoutAt: z.string().describe('When that run starts (ISO 8601); it settles the lines written before it.'),
});
export type CodBalance = z.infer<typeof codBalanceSchema>;

/**
 * `POST /api/admin/payouts/run`: the admin ticks that the payouts are to be made now (issue 42,
 * R-PAYOUT-CONFIRM); a run started by mistake pays every merchant owed, and cannot be taken back.
 */
export const payoutRunRequestSchema = z.object(
  { confirm: z.literal(true, { error: /*i18n*/ 'Tick “Yes, make the payouts now” first' }) },
  { error: /*i18n*/ 'Tick “Yes, make the payouts now” first' },
);

export const payoutIdParamsSchema = z.object({ id: z.uuid({ error: /*i18n*/ 'No payout has this id.' }) });

/** `POST /api/admin/payouts/{id}/paid`: the bank's or wallet's reference of the transfer. */
export const payoutPaidSchema = z.object({
  reference: requiredText(/*i18n*/ 'reference', /*i18n*/ 'Type the transfer’s reference', LIMITS.merchantTextMaxLength),
});

export const MERCHANT_MESSAGES = {
  notMerchant: /*i18n*/ 'This account is not an approved merchant.',
  alreadyApplied: /*i18n*/ 'You have already applied: an admin decides on the application.',
  alreadyApproved: /*i18n*/ 'This account is already a merchant.',
  notPending: /*i18n*/ 'Only an application waiting for a decision can be approved or refused.',
  noMerchant: /*i18n*/ 'No merchant has this id.',
  noPayout: /*i18n*/ 'No payout has this id.',
  statementsBusy: /*i18n*/ 'Other statements are being printed. Try again in a few seconds.',
  payoutPaid: /*i18n*/ 'This payout is already marked paid.',
} as const;
