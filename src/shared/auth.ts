import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { textField } from './text.ts';

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

export const signUpSchema = z.object({
  name: textField('name', { error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(100),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const emailParamsSchema = z.object({ email: emailSchema });
