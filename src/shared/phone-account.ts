/**
 * A phone account's numbers, words and placeholder address (R-PHONE-SIGN-IN, decision 160), without zod:
 * the navbar of every page reads them, and the rules (phone-sign-in.ts) load only for the forms' first check.
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

/**
 * A phone-only account has no mailbox: Better Auth needs an email, so it gets one under a reserved
 * domain that never receives mail (RFC 2606), and nothing is mailed to it.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';
export const phoneOnlyEmail = (international: string) => `${international.replace(/^\+/, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
export const isPhoneOnlyEmail = (email: string) => email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

/** The forms' fields: a sign-in's form has no name. */
export interface PhoneSendCodeInput {
  phoneNumber: string;
  name?: string;
}
export interface PhoneVerifyInput extends PhoneSendCodeInput {
  code: string;
}
