import { z } from 'zod';
import { withWesternDigits } from './digits.ts';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/**
 * R-ROLES: what an account may do. Admins run the shop and may do all that staff do; operators (hub
 * staff) scan parcels through the hubs; riders deliver them; everyone else is a customer (`user`).
 */
export const ROLES = ['user', 'admin', 'operator', 'rider'] as const;
export type Role = (typeof ROLES)[number];
/** The roles the Make Admin page gives besides admin (issue 29). */
export const STAFF_ROLES = ['operator', 'rider'] as const;

/** `PUT /api/admin/users/{email}/role`: a staff role, or `user` to take it back. */
export const staffRoleSchema = z.object({
  role: z.enum([...STAFF_ROLES, 'user'], { error: /*i18n*/ 'role must be operator, rider or user' }),
});
export type StaffRoleInput = z.infer<typeof staffRoleSchema>;

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});
export type ShopUser = z.infer<typeof userSchema>;

const PHONE_PATTERN = /^[\d\s+\-()]+$/;

/**
 * What the phone number check below accepts, as typed (Bengali digits too, trimmed to 6 to 20
 * characters): the API document's pattern for it (issue 39 item 11). The check keeps its own steps,
 * each with its own message, which one pattern could not give.
 */
const PHONE_AS_TYPED = `^\\s*[0-9০-৯+()-][0-9০-৯\\s+()-]{${LIMITS.phoneMinLength - 2},${LIMITS.phoneMaxLength - 2}}[0-9০-৯+()-]\\s*$`;

/** Profile changes: name and email are read-only and ignored when sent (PUT /api/userInfo/{email}). */
export const profileInputSchema = z.object({
  address: textField(/*i18n*/ 'Address', { error: /*i18n*/ 'Address is required' })
    .trim()
    .min(1, /*i18n*/ 'Address is required')
    .max(
      LIMITS.addressMaxLength,
      englishText(/*i18n*/ 'address must be at most {max} characters', { max: LIMITS.addressMaxLength }),
    ),
  // Typed with Bengali digits or not, stored with Western ones (R-LOCALE-INPUT).
  phoneNumber: z
    .string({ error: /*i18n*/ 'Phone number is required' })
    .meta({ pattern: PHONE_AS_TYPED })
    .transform(withWesternDigits)
    .pipe(
      textField(/*i18n*/ 'Phone number')
        .trim()
        .min(1, /*i18n*/ 'Phone number is required')
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
