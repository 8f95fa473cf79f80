import { z } from 'zod';
import { nameSchema } from './auth.ts';
import { bdMobileSchema } from './bd-mobile.ts';
import { withWesternDigits } from './digits.ts';

/**
 * Sign-in and sign-up by mobile number with a code by text (R-PHONE-SIGN-IN, decision 160): the rules the
 * forms, the form routes and Better Auth's phone-number routes all check.
 */
export const PHONE_CODE = {
  length: 6,
  /** A code works this long after it is sent, and once. */
  ttlSeconds: 10 * 60,
  /** Wrong codes allowed: the next try after these finds the code void, even the right one. */
  wrongTries: 3,
} as const;

/** Said once the code is in the outbox (the number is on the form, above it). */
export const PHONE_CODE_SENT = /*i18n*/ 'We sent a 6-digit code by text message. Enter it below: it works for 10 minutes.';

/** The account's number in its normal, international form: +8801711000000. */
export const internationalMobile = (local: string) => `+88${local}`;
/** The number as people dial it, 01711000000: how the SMS outbox and the Mailbox keep numbers. */
export const localMobile = (international: string) => international.replace(/^\+88(?=01)/, '');

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

/** The forms' fields: a sign-in's form has no name. */
export interface PhoneSendCodeInput {
  phoneNumber: string;
  name?: string;
}
export interface PhoneVerifyInput extends PhoneSendCodeInput {
  code: string;
}

/**
 * A phone-only account has no mailbox: Better Auth needs an email, so it gets one under a reserved
 * domain that never receives mail (RFC 2606), and nothing is mailed to it.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';
export const phoneOnlyEmail = (international: string) => `${international.replace(/^\+/, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
export const isPhoneOnlyEmail = (email: string) => email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
