/**
 * A sign-in or sign-up form the server answered itself, sent before the app had loaded or with JavaScript
 * off (R-AUTH): the page is rendered again with what the form needs to show. Passwords are never in it.
 */
export interface FormAnswer {
  /** What was typed in the fields that are shown again (the email, the name). */
  values: Record<string, string>;
  /** The shared schema's message for each field it refused. */
  fieldErrors: Record<string, string>;
  /** Better Auth's refusal (a wrong password, a wait), in red under the fields. */
  providerError?: string;
}

/** Where to go after signing in: a path on this site, never an absolute or protocol-relative address. */
export function returnPath(from: unknown): string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
