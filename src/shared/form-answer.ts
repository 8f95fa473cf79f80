/** The public forms the server answers itself when the browser sends them (JavaScript off). */
export type AnsweredForm =
  | 'login'
  | 'signup'
  | 'phone-login'
  | 'phone-signup'
  | 'forgot-password'
  | 'reset-password'
  | 'newsletter'
  | 'track'
  | 'confirm';

/**
 * A public form the server answered itself, sent with JavaScript off (R-AUTH): the page is rendered
 * again with what the form needs to show. Passwords are never in it.
 */
export interface FormAnswer {
  /** Which form on the page this answers; the others show nothing of it. */
  form: AnsweredForm;
  /** What was typed in the fields that are shown again (the email, the name). */
  values: Record<string, string>;
  /** The shared schema's message for each field it refused. */
  fieldErrors: Record<string, string>;
  /** Better Auth's refusal (a wrong password, a wait), in red under the fields. */
  providerError?: string;
  /** What was done, said where the form was (the reset link is sent, the password is changed). */
  notice?: string;
}

/** Where to go after signing in: a path on this site, never an absolute or protocol-relative address. */
export function returnPath(from: unknown): string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
