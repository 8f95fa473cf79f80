import { z } from 'zod';
import { withWesternDigits } from './digits.ts';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';

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
  address: textField('address', { error: 'address is required' })
    .trim()
    .min(1, 'address is required')
    .max(LIMITS.addressMaxLength, `address must be at most ${LIMITS.addressMaxLength} characters`),
  // Typed with Bengali digits or not, stored with Western ones (R-LOCALE-INPUT).
  phoneNumber: z
    .string({ error: 'phone number is required' })
    .transform(withWesternDigits)
    .pipe(
      textField('phone number')
        .trim()
        .min(1, 'phone number is required')
        .min(LIMITS.phoneMinLength, `phone number must be ${LIMITS.phoneMinLength} to ${LIMITS.phoneMaxLength} characters`)
        .max(LIMITS.phoneMaxLength, `phone number must be ${LIMITS.phoneMinLength} to ${LIMITS.phoneMaxLength} characters`)
        .regex(PHONE_PATTERN, 'phone number may hold digits, spaces and + - ( ) only'),
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
