import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { readerCharacters } from './text.ts';
import { textField } from './text-field.ts';

/** A simple address pattern: something@something.something, no spaces (R-VALIDATION). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters and digits only, at least six, at least one of each (R-VALIDATION). */
const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${LIMITS.passwordMinLength},}$`);

export const emailSchema = textField('email', { error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

export const passwordSchema = textField('password', { error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .regex(PASSWORD_PATTERN, MESSAGES.passwordWeak);

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

/** Something a name is written with: a letter, a digit or an emoji, not only marks, joiners or spaces. */
const NAME_CHARACTER = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/**
 * A person's name, as sign-up, Settings, the delivery details of Buy Now and a parcel's ends take it:
 * at most LIMITS.nameMaxCharacters as a reader counts them (R-TEXT), so a Bangla name's vowel signs and an
 * emoji's joiners do not count against it, and never more than four code points a character in all.
 */
export const nameSchema = textField('name', { error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.nameMaxCharacters * 4, MESSAGES.nameTooLong)
  .refine((name) => NAME_CHARACTER.test(name), MESSAGES.nameRequired)
  .refine((name) => readerCharacters(name).length <= LIMITS.nameMaxCharacters, MESSAGES.nameTooLong);

export const signUpSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * A form where a new password is chosen asks for it twice (R-AUTH): the second must match the first.
 * Only the forms check it; the API takes the password once.
 */
function confirmed<Shape extends z.ZodRawShape, Field extends keyof Shape & string>(schema: z.ZodObject<Shape>, field: Field) {
  return schema
    .extend({ confirmPassword: z.string() })
    .refine((input: Record<string, unknown>) => input.confirmPassword === input[field], {
      message: MESSAGES.passwordsDiffer,
      path: ['confirmPassword'],
    });
}

export const signUpFormSchema = confirmed(signUpSchema, 'password');
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

export const emailParamsSchema = z.object({ email: emailSchema });

/** Emails are compared as people type them: case and surrounding spaces do not matter. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Settings, delete the account: the customer types their own email to confirm (R-ACCOUNT-DELETE). */
export const deleteAccountSchema = z.object({ email: emailSchema });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The form's check of the same rule: the typed email must be the signed-in one. */
export const confirmDeletionSchema = (ownEmail: string) =>
  deleteAccountSchema.refine((input) => sameEmail(input.email, ownEmail), {
    message: MESSAGES.deletionEmailMismatch,
    path: ['email'],
  });

/** Forgot password: the address the reset link goes to (R-PASSWORD-RESET). */
export const forgotPasswordSchema = z.object({ email: emailSchema });
/** The footer's newsletter box (R-FOOTER): an address, checked by the same rule. */
export const newsletterSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset page: a new password under the sign-up rule. */
export const newPasswordSchema = z.object({ newPassword: passwordSchema });
export const newPasswordFormSchema = confirmed(newPasswordSchema, 'newPassword');
export type NewPasswordFormInput = z.infer<typeof newPasswordFormSchema>;

/** Settings: the current password proves it is you; the new one follows the sign-up rule (R-SETTINGS). */
export const changePasswordSchema = z.object({
  currentPassword: textField('currentPassword', { error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
  newPassword: passwordSchema,
});
export const changePasswordFormSchema = confirmed(changePasswordSchema, 'newPassword');
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** Settings: the display name, under the sign-up rule for names. */
export const displayNameSchema = z.object({ name: nameSchema });
export type DisplayNameInput = z.infer<typeof displayNameSchema>;
