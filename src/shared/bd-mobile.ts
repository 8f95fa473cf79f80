import { z } from 'zod';
import { withWesternDigits } from './digits.ts';

export const BD_MOBILE_MESSAGE = /*i18n*/ 'Enter a Bangladeshi mobile number: 11 digits starting 013 to 019, like 01711000000';

/** Separators a number may be typed with, anywhere in it. */
const TYPED_SEPARATORS = String.raw`[\s()-]*`;
const typedDigit = (western: string, bengali: string) => `[${western}${bengali}]${TYPED_SEPARATORS}`;

/**
 * The typed form of the number the transforms below accept, so the API document's pattern refuses what
 * the server refuses (issue 39 item 11): the country code (+880, 880) or 0, then 1, 3 to 9 and 8 digits,
 * Western or Bengali, with separators anywhere.
 */
const BD_MOBILE_AS_TYPED = new RegExp(
  `^${TYPED_SEPARATORS}(?:(?:\\+${TYPED_SEPARATORS})?${typedDigit('8', '৮')}${typedDigit('8', '৮')}${typedDigit('0', '০')}|${typedDigit('0', '০')})` +
    `${typedDigit('1', '১')}${typedDigit('3-9', '৩-৯')}(?:${typedDigit('0-9', '০-৯')}){8}$`,
);

/**
 * A Bangladeshi mobile number (R-BOOKING): `01[3-9]` and 8 more digits, typed with spaces, dashes,
 * Bengali digits or the country code (+880, 880), kept as the 11 digits people dial ("01711000000").
 */
export const bdMobileSchema = z
  .string({ error: BD_MOBILE_MESSAGE })
  .regex(BD_MOBILE_AS_TYPED, BD_MOBILE_MESSAGE)
  .transform((typed) => withWesternDigits(typed).replace(/[\s\-()]/g, ''))
  .transform((digits) => digits.replace(/^(\+?880)(?=1)/, '0'))
  .pipe(z.string().regex(/^01[3-9]\d{8}$/, BD_MOBILE_MESSAGE));
