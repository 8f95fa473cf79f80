import { z } from 'zod';
import { withWesternDigits } from './digits.ts';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'user']),
});
export type ShopUser = z.infer<typeof userSchema>;

const PHONE_PATTERN = /^[\d\s+\-()]+$/;

/** Profile changes: name and email are read-only and ignored when sent (PUT /api/userInfo/{email}). */
export const profileInputSchema = z.object({
  address: textField(/*i18n*/ 'address', { error: /*i18n*/ 'address is required' })
    .trim()
    .min(1, /*i18n*/ 'address is required')
    .max(
      LIMITS.addressMaxLength,
      englishText(/*i18n*/ 'address must be at most {max} characters', { max: LIMITS.addressMaxLength }),
    ),
  // Typed with Bengali digits or not, stored with Western ones (R-LOCALE-INPUT).
  phoneNumber: z
    .string({ error: /*i18n*/ 'phone number is required' })
    .transform(withWesternDigits)
    .pipe(
      textField('phone number')
        .trim()
        .min(1, /*i18n*/ 'phone number is required')
        .min(
          LIMITS.phoneMinLength,
          englishText(/*i18n*/ 'phone number must be {min} to {max} characters', {
            min: LIMITS.phoneMinLength,
            max: LIMITS.phoneMaxLength,
          }),
        )
        .max(
          LIMITS.phoneMaxLength,
          englishText(/*i18n*/ 'phone number must be {min} to {max} characters', {
            min: LIMITS.phoneMinLength,
            max: LIMITS.phoneMaxLength,
          }),
        )
        .regex(PHONE_PATTERN, /*i18n*/ 'phone number may hold digits, spaces and + - ( ) only'),
    ),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
