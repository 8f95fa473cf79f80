import { phoneNumberClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { errorCodeForStatus } from '#shared/error-codes.ts';
import { ApiError, pageLanguageHeader } from './api-client.ts';

/** Better Auth's browser client for our server's /api/auth routes (cookies stay on this origin). */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { headers: pageLanguageHeader() },
  // Sign-in by a code by text (R-PHONE-SIGN-IN).
  plugins: [phoneNumberClient()],
});

/** How Better Auth's client answers: it returns its errors instead of throwing them. */
export interface AuthAnswer<T> {
  data: T | null;
  error: { status: number; statusText: string; message?: string } | null;
}

/**
 * Better Auth's errors ({ code: 'INVALID_EMAIL_OR_PASSWORD', message } and the like) become our ApiError
 * here, with its message and one of our codes, so pages handle one kind of error for every call.
 */
export async function authResult<T>(call: Promise<AuthAnswer<T>>): Promise<T> {
  const { data, error } = await call;
  if (error) throw new ApiError(error.status, errorCodeForStatus(error.status), error.message || error.statusText);
  if (data === null) throw new ApiError(502, 'internal', /*i18n*/ 'The sign-in service gave no answer. Please try again.');
  return data;
}
