import { createHash, randomUUID } from 'node:crypto';
import { betterAuth, getCurrentAdapter } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, jwt } from 'better-auth/plugins';
import type { z } from 'zod';
import { changePasswordSchema, displayNameSchema, loginSchema, newPasswordSchema, signUpSchema } from '#shared/auth.ts';
import { LIMITS } from '#shared/limits.ts';
import { DEFAULT_LOCALE, preferredLocale } from '#shared/locale.ts';
import { MESSAGES } from '#shared/messages.ts';
import { controlCharacterMessage, controlCharacterPath } from '#shared/text-field.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { Translators } from '../i18n/catalogues.ts';
import { markEmailVerified } from '../modules/customers/service.ts';
import { queueMail } from '../modules/mail/outbox.ts';
import type { LiveSessions } from './live-sessions.ts';
import type { LoginThrottle, SignInAttempt } from './login-throttle.ts';
import { phoneRouteBody, phoneSignIn } from './phone-sign-in.ts';

/** Set by the Fastify mount from the socket address, never taken from the client. */
export const CLIENT_IP_HEADER = 'x-storefront-client-ip';

function validateBody(body: unknown, rules: z.ZodType): void {
  const result = rules.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: issue?.message ?? /*i18n*/ 'The request is invalid.',
      field: issue?.path.join('.'),
    });
  }
}

/** Better Auth's refusals that customers see, in the shop's words (R-PASSWORD-RESET, R-SETTINGS). */
const REWORDED: Record<string, Partial<Record<string, string>>> = {
  '/reset-password': { INVALID_TOKEN: MESSAGES.resetLinkInvalid },
  '/change-password': { INVALID_PASSWORD: MESSAGES.currentPasswordWrong },
  // Better Auth's own words, kept, so that the catalogues hold them and the login page says them in Bangla too.
  '/sign-in/email': { INVALID_EMAIL_OR_PASSWORD: /*i18n*/ 'Invalid email or password' },
  // A code by text (R-PHONE-SIGN-IN): what went wrong, and what to do next.
  '/phone-number/verify': {
    INVALID_OTP: /*i18n*/ 'That code is not right. Check the text message and try again.',
    OTP_EXPIRED: /*i18n*/ 'That code has expired. Ask for a new one.',
    OTP_NOT_FOUND: /*i18n*/ 'No code is waiting for this number. Ask for a new one.',
    TOO_MANY_ATTEMPTS: /*i18n*/ 'Too many wrong codes: this code no longer works. Ask for a new one.',
  },
};

const signInEmail = (body: { email?: unknown } | undefined) =>
  String(body?.email ?? '')
    .trim()
    .toLowerCase();

const clientAddress = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? 'unknown';

/**
 * Set on a browser once it signs in to an account, signed with the auth secret and naming that account's
 * email: while someone spread over many addresses guesses that account's password, its known browsers
 * still get in (decision 43).
 */
const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The cookie names the account by a hash of its email, so the browser's cookie store holds no address. */
const knownDeviceMark = (email: string) => createHash('sha256').update(email).digest('base64url');

interface SignInRequest {
  body?: { email?: unknown };
  headers?: Headers;
  getSignedCookie: (key: string, secret: string) => Promise<string | false | null>;
  context: { secret: string };
}

/** What a sign-in request tries: its email, the address the mount trusts, and whether its browser knows that account. */
async function signInAttempt(request: SignInRequest): Promise<SignInAttempt> {
  const email = signInEmail(request.body);
  const knownAs = await request.getSignedCookie(KNOWN_DEVICE_COOKIE, request.context.secret);
  return { email, address: clientAddress(request.headers), knownDevice: knownAs === knownDeviceMark(email) };
}

/** Sign-in attempts admitted by the throttle, by the request that carries them, until their answer is known. */
const admittedSignIns = new WeakMap<Request, () => Promise<void>>();

/**
 * The Fastify mount calls this when a request's answer is our failure (a 5xx): an admitted sign-in attempt
 * it carried is given back, so an outage does not make people wait afterwards (R-THROTTLE).
 */
export async function signInFailedOnOurSide(request: Request): Promise<void> {
  await admittedSignIns.get(request)?.();
}

/** The verification rows of password-reset links are named `reset-password:<token>` and hold the user's id. */
const RESET_LINK_PREFIX = 'reset-password:';

/**
 * Every reset link the account still has stops working, inside the transaction that sets its password
 * (R-PASSWORD-RESET): an older mail cannot take the account back after a reset or a password change.
 */
async function endResetLinks(
  context: Parameters<typeof getCurrentAdapter>[0],
  userId: string,
  spentLinkId?: string,
): Promise<void> {
  const adapter = await getCurrentAdapter(context);
  await adapter.deleteMany({
    model: 'verification',
    where: [
      { field: 'value', value: userId },
      { field: 'identifier', operator: 'starts_with', value: RESET_LINK_PREFIX },
      // The link being spent is Better Auth's to consume, in this same transaction.
      ...(spentLinkId ? [{ field: 'id', operator: 'ne' as const, value: spentLinkId }] : []),
    ],
  });
}

export function createAuth(options: {
  db: Database;
  config: Config;
  secret: string;
  throttle: LoginThrottle;
  sessions: LiveSessions;
  translators: Translators;
}) {
  const { db, config, secret, throttle, sessions, translators } = options;
  const google = config.google;
  return betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMinLength,
      // Sign-up answers alike for a new and a taken email, so it never signs in: the web app signs in next (decision 44).
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) =>
        queueMail(db, { kind: 'sign-up-attempt', to: user.email, data: { customerName: user.name } }),
      // R-PASSWORD-RESET: the link is valid one hour and once, and a reset signs the user out everywhere.
      resetPasswordTokenExpiresIn: LIMITS.passwordResetTtlSeconds,
      revokeSessionsOnPasswordReset: true,
      // The mail is in the outbox before the customer is told it was sent (R-MAIL-OUTBOX).
      sendResetPassword: ({ user, token }) =>
        queueMail(db, { kind: 'password-reset', to: user.email, data: { customerName: user.name, token } }),
    },
    // R-EMAIL-VERIFY: with REQUIRE_EMAIL_VERIFICATION, sign-up queues the mail; sign-in still works, ordering waits.
    emailVerification: {
      sendOnSignUp: config.requireEmailVerification,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, token }) =>
        queueMail(db, { kind: 'email-verification', to: user.email, data: { customerName: user.name, token } }),
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        locale: { type: 'string', required: false, defaultValue: DEFAULT_LOCALE, input: false },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    advanced: {
      database: { generateId: () => randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Better Auth skips its origin (CSRF) check under NODE_ENV=test; ours must hold in tests too.
      disableOriginCheck: false,
    },
    // Sign-ins are throttled below per email and address; sign-ups and resets by the Fastify mount (docs/decisions/0011).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Failures Better Auth cannot answer (the database out of reach) reach our mount instead of an empty 500.
    onAPIError: { throw: true },
    // Sign-out, revoked sessions, a password change that signs other sessions out, a deleted user: their tokens stop at once.
    databaseHooks: {
      session: { delete: { after: async (ended) => sessions.sessionsEnded([ended.id]) } },
      // A reset link spent ends the account's other links with it; a password change ends them all (R-PASSWORD-RESET).
      verification: {
        delete: {
          before: async (spent, endpoint) => {
            if (endpoint && spent.identifier.startsWith(RESET_LINK_PREFIX))
              await endResetLinks(endpoint.context.adapter, spent.value, spent.id);
          },
        },
      },
      // Google has checked the address: its accounts count as verified (R-EMAIL-VERIFY).
      account: {
        update: {
          before: async (changed, endpoint) => {
            const userId = endpoint?.context.session?.user.id;
            if (changed.password && userId) await endResetLinks(endpoint.context.adapter, userId);
          },
        },
        create: {
          after: async (created) => {
            if (created.providerId === 'google') await markEmailVerified(db, created.userId);
          },
        },
      },
      user: {
        create: {
          // A new customer reads the shop in the language they signed up in: the web app and the forms
          // send it as Accept-Language (R-LANGUAGES). Their mails follow it until they switch.
          before: async (created, endpoint) => ({
            data: {
              ...created,
              locale: preferredLocale(endpoint?.headers?.get('accept-language') ?? undefined),
              // Signing up by phone: the name typed on the form, checked by the hook below (R-PHONE-SIGN-IN).
              ...(endpoint?.path === '/phone-number/verify' && typeof endpoint.body?.name === 'string'
                ? { name: endpoint.body.name }
                : {}),
            },
          }),
          // A phone account's placeholder address is never mailed: queueMail skips it (decision 160).
          after: (created) => queueMail(db, { kind: 'welcome', to: created.email, data: { customerName: created.name } }),
        },
        delete: { after: async (deleted) => sessions.usersEnded([deleted.id]) },
      },
    },
    plugins: [
      phoneSignIn({ db, config, translators }),
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          expirationTime: `${LIMITS.accessTokenTtlSeconds}s`,
          // The session's id lets every call check that the session is still open (R-SESSION-END).
          definePayload: ({ user, session }) => ({ email: user.email, name: user.name, sid: session.id }),
        },
      }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Better Auth's own routes (profile name, password change, …) refuse control characters too (R-TEXT).
        const field = controlCharacterPath(ctx.body)?.join('.');
        if (field !== undefined) {
          throw new APIError('BAD_REQUEST', {
            code: 'VALIDATION_ERROR',
            message: controlCharacterMessage(field || 'the request'),
            field,
          });
        }
        const phoneBody = await phoneRouteBody(db, config, ctx.path, ctx.body);
        if (phoneBody) return { context: { body: phoneBody } };
        if (ctx.path === '/sign-up/email') validateBody(ctx.body, signUpSchema);
        // New passwords follow the sign-up rule however they are set (R-VALIDATION).
        if (ctx.path === '/reset-password') validateBody(ctx.body, newPasswordSchema);
        if (ctx.path === '/update-user') validateBody(ctx.body, displayNameSchema);
        if (ctx.path === '/change-password') {
          validateBody(ctx.body, changePasswordSchema);
          // A new password always signs the account's other sessions out, whatever the client asks (R-SETTINGS).
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
        if (ctx.path === '/sign-in/email') {
          validateBody(ctx.body, loginSchema);
          const attempt = await signInAttempt(ctx);
          // Counted before the password is checked, so parallel guesses each take an attempt (R-THROTTLE).
          const refusal = await throttle.admit(attempt);
          if (refusal) {
            const seconds = Math.ceil(refusal.waitMs / 1000);
            const what =
              refusal.heldBy === 'account'
                ? /*i18n*/ 'sign-in attempts for this account from new devices'
                : /*i18n*/ 'sign-in attempts';
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'TOO_MANY_ATTEMPTS', message: MESSAGES.tooMany(what, seconds) },
              { 'Retry-After': String(seconds) },
            );
          }
          if (ctx.request) admittedSignIns.set(ctx.request, () => throttle.failedOnOurSide(attempt));
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const refused = ctx.context.returned;
        const reworded = refused instanceof APIError ? REWORDED[ctx.path]?.[String(refused.body?.code)] : undefined;
        // In the shop's words, with Better Auth's own status and code (a wrong password stays a 401).
        if (reworded) {
          const { status, body } = refused as APIError;
          throw new APIError(status, { code: String(body?.code), message: reworded });
        }
        if (ctx.path !== '/sign-in/email' || ctx.context.returned instanceof APIError) return;
        await throttle.succeeded(await signInAttempt(ctx));
        await ctx.setSignedCookie(KNOWN_DEVICE_COOKIE, knownDeviceMark(signInEmail(ctx.body)), ctx.context.secret, {
          httpOnly: true,
          sameSite: 'lax',
          secure: config.publicUrl.startsWith('https://'),
          path: '/api/auth',
          maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
        });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
