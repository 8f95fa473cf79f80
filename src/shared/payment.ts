import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { textField } from './text-field.ts';

/** Which card processor takes payments: the built-in offline one, Stripe, or SSLCommerz's hosted page (R-SSLCOMMERZ). */
export const paymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test'), currency: z.string() }),
  z.object({ provider: z.literal('stripe'), currency: z.string(), publishableKey: z.string() }),
  z.object({ provider: z.literal('sslcommerz'), currency: z.string() }),
]);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The original client sends `price` too; it is accepted and ignored: the amount always comes from the order (R-MONEY). */
export const createPaymentIntentSchema = z.object({
  orderId: z.uuid({ error: /*i18n*/ 'orderId must be an order id' }),
  price: z.unknown().optional(),
});

export const clientSecretSchema = z.object({ clientSecret: z.string() });

/** Both processors name payments like Stripe does: pi_ and letters, digits or underscores. */
export const transactionIdSchema = textField('transactionId', { error: /*i18n*/ 'transactionId is required' })
  .trim()
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/, /*i18n*/ 'transactionId must be a payment id (pi_…)');

/** `payment` is the order id (R-API); the server records the order's own id whatever is sent. */
export const markOrderPaidSchema = z.object({ transactionId: transactionIdSchema, payment: textField('payment').optional() });

export const CARD_MESSAGES = {
  numberIncomplete: /*i18n*/ 'Your card number is incomplete.',
  numberInvalid: /*i18n*/ 'Your card number is invalid.',
  expiryIncomplete: /*i18n*/ "Your card's expiration date is incomplete.",
  expiryPast: /*i18n*/ "Your card's expiration date is in the past.",
  expiryTooFar: /*i18n*/ "Your card's expiration year is invalid.",
  cvcInvalid: /*i18n*/ "Your card's security code is incomplete.",
} as const;

/** Digits only: people type card numbers with spaces or dashes. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries, so a typo is caught before anything is charged. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Years as typed on the card ("27") or in full ("2027"). */
const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/** A card is good through the last day of its expiry month. */
export function expiryProblem(expMonth: number, expYear: number, now = new Date()): string | undefined {
  const year = fullYear(expYear);
  const thisYear = now.getFullYear();
  if (year < thisYear || (year === thisYear && expMonth < now.getMonth() + 1)) return CARD_MESSAGES.expiryPast;
  if (year > thisYear + 50) return CARD_MESSAGES.expiryTooFar;
  return undefined;
}

const cardNumberSchema = z
  .string({ error: CARD_MESSAGES.numberIncomplete })
  .transform(cardDigits)
  .refine((digits) => digits.length > 0, CARD_MESSAGES.numberIncomplete)
  .refine(passesLuhn, CARD_MESSAGES.numberInvalid);

const cvcSchema = z
  .string({ error: CARD_MESSAGES.cvcInvalid })
  .trim()
  .regex(/^\d{3,4}$/, CARD_MESSAGES.cvcInvalid);

/** The card as the test processor receives it (POST /api/test-payments/confirm). */
export const testCardSchema = z
  .object({
    number: cardNumberSchema,
    expMonth: z
      .number({ error: CARD_MESSAGES.expiryIncomplete })
      .int()
      .min(1, CARD_MESSAGES.expiryIncomplete)
      .max(12, CARD_MESSAGES.expiryIncomplete),
    expYear: z.number({ error: CARD_MESSAGES.expiryIncomplete }).int().min(0, CARD_MESSAGES.expiryIncomplete).max(9999),
    cvc: cvcSchema,
  })
  .superRefine((card, context) => {
    const problem = expiryProblem(card.expMonth, card.expYear);
    if (problem) context.addIssue({ code: 'custom', path: ['expYear'], message: problem });
  })
  .transform((card) => ({ ...card, expYear: fullYear(card.expYear) }));

/** The card form on the payment page: the same rules, with the expiry typed as MM/YY. */
export const testCardFormSchema = z
  .object({
    number: cardNumberSchema,
    expiry: z
      .string({ error: CARD_MESSAGES.expiryIncomplete })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, CARD_MESSAGES.expiryIncomplete),
    cvc: cvcSchema,
  })
  .transform(({ expiry, ...card }, context) => {
    const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
    const expMonth = Number(month);
    const expYear = fullYear(Number(year));
    const problem = expiryProblem(expMonth, expYear);
    if (problem) {
      context.addIssue({ code: 'custom', path: ['expiry'], message: problem });
      return z.NEVER;
    }
    return { ...card, expMonth, expYear };
  });
export type TestCardFormInput = z.input<typeof testCardFormSchema>;
export type TestCard = z.output<typeof testCardSchema>;

export const billingDetailsSchema = z.object({
  name: textField(/*i18n*/ 'billing name', { error: /*i18n*/ 'Billing name is required' })
    .trim()
    .min(1, /*i18n*/ 'Billing name is required')
    .max(200),
  email: emailSchema,
});

export const testConfirmSchema = z.object({
  clientSecret: textField('clientSecret', { error: /*i18n*/ 'clientSecret is required' })
    .min(1, /*i18n*/ 'clientSecret is required')
    .max(300),
  card: testCardSchema,
  billingDetails: billingDetailsSchema,
});
export type TestConfirmInput = z.input<typeof testConfirmSchema>;

/** A payment as the processors report it: amount in cents, as card providers count it. */
export const paymentIntentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const testConfirmResultSchema = z.object({ paymentIntent: paymentIntentSchema });
