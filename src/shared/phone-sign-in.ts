import { z } from 'zod';
import { nameSchema } from './auth.ts';
import { bdMobileSchema } from './bd-mobile.ts';
import { withWesternDigits } from './digits.ts';
import { internationalMobile, PHONE_CODE } from './phone-account.ts';

/**
 * Sign-in and sign-up by mobile number with a code by text (R-PHONE-SIGN-IN, decision 160): the rules the
 * forms, the form routes and Better Auth's phone-number routes all check.
 */

/** A Bangladeshi mobile as typed (01…, +880…, 880…, Bengali digits, spaces), in its normal form. */
export const accountPhoneSchema = bdMobileSchema.transform(internationalMobile);

const CODE_MESSAGE = /*i18n*/ 'Enter the 6-digit code from the text message';
export const phoneCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .transform((typed) => withWesternDigits(typed).replace(/\s/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_CODE.length}}$`), CODE_MESSAGE));

/** Step one of signing in: the number the code goes to. */
export const phoneSendCodeSchema = z.object({ phoneNumber: accountPhoneSchema });
/** Step one of signing up: a name too, which the account is created with once the code is right. */
export const phoneSignUpSendCodeSchema = phoneSendCodeSchema.extend({ name: nameSchema });
/** Step two: the code from the text. */
export const phoneVerifySchema = phoneSendCodeSchema.extend({ code: phoneCodeSchema });
export const phoneSignUpVerifySchema = phoneSignUpSendCodeSchema.extend({ code: phoneCodeSchema });
