import { APIError } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins';
import type { z } from 'zod';
import { preferredLocale } from '#shared/locale.ts';
import { MESSAGES } from '#shared/messages.ts';
import { localMobile, PHONE_CODE, phoneOnlyEmail } from '#shared/phone-account.ts';
import { phoneSendCodeSchema, phoneSignUpVerifySchema, phoneVerifySchema } from '#shared/phone-sign-in.ts';
import { englishText, translated } from '#shared/translate.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Translators } from '../i18n/catalogues.ts';
import { queueSms, textsToLately } from '../modules/sms/outbox.ts';

/** What the SMS outbox and the Mailbox call a sign-in code's text. */
export const SIGN_IN_CODE_KIND = 'sign-in-code';

/** The window PHONE_CODES_PER_NUMBER counts in, in hours (the outbox's count takes whole hours). */
const CODES_WINDOW_HOURS = 1;

/**
 * Better Auth's phone-number plugin (decision 160, R-PHONE-SIGN-IN): a 6-digit code by text through the
 * SMS outbox, so it is sent once across instances and shows in the Mailbox without a gateway; valid
 * PHONE_CODE.ttlSeconds, void after PHONE_CODE.wrongTries wrong tries; a right code for a new number
 * creates its account. Its password routes are not used: a phone account has no password.
 */
export function phoneSignIn(options: { db: Database; config: Config; translators: Translators }) {
  const { db, config, translators } = options;
  return phoneNumber({
    otpLength: PHONE_CODE.length,
    expiresIn: PHONE_CODE.ttlSeconds,
    allowedAttempts: PHONE_CODE.wrongTries,
    // Written in the language of the page that asked, which is the one its reader reads (R-LANGUAGES).
    sendOTP: async ({ phoneNumber: number, code }, ctx) => {
      const i18n = translators[preferredLocale(ctx?.headers?.get('accept-language') ?? undefined)];
      const text = englishText(
        /*i18n*/ '{shop}: your sign-in code is {code}. It works for {minutes} minutes. Never tell it to anyone, not even us.',
        { shop: config.shopName, code, minutes: PHONE_CODE.ttlSeconds / 60 },
      );
      await queueSms(db, { kind: SIGN_IN_CODE_KIND, phone: localMobile(number), text: translated(i18n, text) });
    },
    signUpOnVerification: {
      getTempEmail: phoneOnlyEmail,
      // Replaced by the name typed on the sign-up form (auth.ts); signing in with a new number keeps it.
      getTempName: localMobile,
    },
  });
}

function checked<T>(body: unknown, rules: z.ZodType<T>): T {
  const result = rules.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: issue?.message ?? /*i18n*/ 'The request is invalid.',
    field: issue?.path.join('.'),
  });
}

/**
 * Before Better Auth's phone-number routes: the number in its normal form (+8801711000000) however it was
 * typed, the name a sign-up gives, and at most PHONE_CODES_PER_NUMBER codes to one number an hour, counted
 * in the outbox (so across instances; counted, not locked: two asks at one moment may both send). Returns
 * the body Better Auth should read, or undefined for other routes. The password routes are closed.
 */
export async function phoneRouteBody(
  db: Database,
  config: Config,
  path: string,
  body: unknown,
): Promise<Record<string, unknown> | undefined> {
  if (path === '/phone-number/send-otp') {
    const { phoneNumber: number } = checked(body, phoneSendCodeSchema);
    const sent = await textsToLately(db, SIGN_IN_CODE_KIND, localMobile(number), CODES_WINDOW_HOURS);
    if (sent >= config.rateLimits.phoneCodesPerNumber) {
      const seconds = CODES_WINDOW_HOURS * 60 * 60;
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.tooMany(/*i18n*/ 'codes sent to this number', seconds) },
        { 'Retry-After': String(seconds) },
      );
    }
    return { phoneNumber: number };
  }
  if (path === '/phone-number/verify') {
    const named = typeof (body as { name?: unknown } | undefined)?.name === 'string';
    const input = named ? checked(body, phoneSignUpVerifySchema) : checked(body, phoneVerifySchema);
    // Only these: the route would otherwise read more of the account's fields from the body.
    return { ...input, disableSession: false, updatePhoneNumber: false };
  }
  if (path === '/sign-in/phone-number' || path.startsWith('/phone-number/'))
    throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: /*i18n*/ 'Not found.' });
  return undefined;
}
