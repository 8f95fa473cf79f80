import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import {
  changePasswordSchema,
  displayNameSchema,
  emailSchema,
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  signUpSchema,
} from '#shared/auth.ts';
import { LIMITS } from '#shared/limits.ts';

/**
 * Better Auth's routes under /api/auth that the web app calls (and the mailed verification link), which
 * are not Fastify zod routes and so are missing from the generated document: written here by hand, their
 * request bodies from the same zod schemas the auth hooks check them with (src/server/auth/auth.ts).
 * tests/integration/openapi.test.ts asks the real server each one, shaped as written here.
 */

/** The header objects these paths use from the shop's own (X-Request-Id, Retry-After). */
export interface AuthHeaders {
  requestId: OpenAPIV3.HeaderObject;
  retryAfter: OpenAPIV3.HeaderObject;
}

export interface AuthPathOptions {
  headers: AuthHeaders;
  /** The session cookie's name, which depends on whether the shop is served over https. */
  sessionCookie: string;
  /** The security requirement of a call that needs the session cookie. */
  sessionCookieSecurity: OpenAPIV3.SecurityRequirementObject[];
  /** Sign-in with Google is offered only when it is configured (GOOGLE_CLIENT_ID). */
  google: boolean;
}

const AUTH_ERROR = '#/components/schemas/AuthErrorResponse';
const AUTH_USER = '#/components/schemas/AuthUser';
const SHOP_ERROR = '#/components/schemas/ErrorResponse';

/**
 * A schema that may also be null, as OpenAPI 3.1 (JSON Schema 2020-12) writes it: `null` one of its types.
 * openapi-types' 3.1 objects do not fit @fastify/swagger's, so these stay 3.0-shaped but for this.
 */
const orNull = (schema: OpenAPIV3.NonArraySchemaObject): OpenAPIV3.SchemaObject =>
  ({ ...schema, type: [schema.type, 'null'] }) as unknown as OpenAPIV3.SchemaObject;

/** The schemas these paths name, for the document's components. */
export const AUTH_SCHEMAS: Record<string, OpenAPIV3.SchemaObject> = {
  AuthErrorResponse: {
    type: 'object',
    description: 'Better Auth’s refusal, which its browser client reads (not the shop’s ErrorResponse).',
    properties: {
      code: { type: 'string', description: 'Machine-readable, in capitals: `VALIDATION_ERROR`, `INVALID_EMAIL_OR_PASSWORD`, …' },
      message: { type: 'string', description: 'A sentence to show the user, in the request’s language.' },
      field: { type: 'string', description: 'For `VALIDATION_ERROR`: the field that is wrong.' },
    },
    required: ['code', 'message'],
  },
  AuthUser: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string', format: 'email' },
      name: { type: 'string' },
      image: orNull({ type: 'string' }),
      emailVerified: { type: 'boolean', description: 'False until the mailed link is followed; Google accounts start true.' },
      role: { type: 'string', description: '`user`, `admin` or a staff role (`operator`, `rider`).' },
      locale: { type: 'string', enum: ['en', 'bn'], description: 'The language of the account’s mails.' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
    required: ['id', 'email', 'name', 'emailVerified', 'createdAt', 'updatedAt'],
  },
};

const body = (schema: z.ZodType): OpenAPIV3.RequestBodyObject => ({
  required: true,
  content: {
    'application/json': { schema: z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as OpenAPIV3.SchemaObject },
  },
});

const object = (properties: Record<string, OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject>): OpenAPIV3.SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

const done: OpenAPIV3.SchemaObject = object({ status: { type: 'boolean', enum: [true] } });

export function authPaths({ headers, sessionCookie, sessionCookieSecurity, google }: AuthPathOptions): OpenAPIV3.PathsObject {
  const setCookie = (description: string): OpenAPIV3.HeaderObject => ({ description, schema: { type: 'string' } });
  const signsIn = setCookie(`Sets \`${sessionCookie}\` (HttpOnly, SameSite=Lax): the session the shop’s calls read.`);
  const answer = (
    description: string,
    schema?: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject,
    more: Record<string, OpenAPIV3.HeaderObject> = {},
  ): OpenAPIV3.ResponseObject => ({
    description,
    headers: { 'X-Request-Id': headers.requestId, ...more },
    ...(schema ? { content: { 'application/json': { schema } } } : {}),
  });
  const refusal = (description: string, more: Record<string, OpenAPIV3.HeaderObject> = {}) =>
    answer(description, { $ref: AUTH_ERROR }, more);

  /** Every call's refusals: its own, then what any of them can answer. */
  const refusals = (own: Record<string, OpenAPIV3.ResponseObject>): OpenAPIV3.ResponsesObject => ({
    '403': refusal('The request’s Origin is not one of the shop’s (PUBLIC_URL and TRUSTED_ORIGINS): refused against CSRF.'),
    ...own,
    '413': refusal(`The body is over ${LIMITS.authBodyMaxBytes / 1024} KB.`),
    '500': refusal('Something went wrong on our side.'),
    '503': answer(
      'The shop cannot reach its database for a moment: ask again after Retry-After seconds.',
      { $ref: SHOP_ERROR },
      { 'Retry-After': headers.retryAfter },
    ),
    '4XX': refusal('Any other refusal: every one has this body.'),
  });
  const invalid = refusal('The input is invalid (`VALIDATION_ERROR`): `field` names the wrong one.');
  const tooOften = (what: string) =>
    refusal(`Too many ${what} in a while (\`TOO_MANY_REQUESTS\`): the message and Retry-After say how long to wait.`, {
      'Retry-After': headers.retryAfter,
    });
  const signedOut = refusal('No session: sign in first.');
  /** A call that sends the browser on to an address it is given refuses one off the shop, as it refuses a foreign Origin. */
  const offTheShop = (field: string, code: string) =>
    refusal(
      `The request’s Origin is not one of the shop’s, or \`${field}\` leads off the shop (\`${code}\`): ` +
        'refused against CSRF and open redirects.',
    );
  const operation = (
    operationId: string,
    summary: string,
    responses: Record<string, OpenAPIV3.ResponseObject>,
    more: Partial<OpenAPIV3.OperationObject> = {},
  ): OpenAPIV3.OperationObject => ({
    operationId,
    summary,
    tags: ['auth'],
    security: [],
    responses: refusals(responses),
    ...more,
  });

  return {
    '/api/auth/sign-up/email': {
      post: operation(
        'signUp',
        'Make an account; answered alike for a new and a taken email (which is mailed instead), and never signs in',
        {
          '200': answer(
            'The account is made (or the email’s owner is told someone tried): sign in next.',
            object({
              token: orNull({ type: 'string', description: 'Always null: sign-up never signs in.' }),
              user: { $ref: AUTH_USER },
            }),
          ),
          '400': invalid,
          '429': tooOften('sign-ups from your address'),
        },
        { requestBody: body(signUpSchema) },
      ),
    },
    '/api/auth/sign-in/email': {
      post: operation(
        'signIn',
        'Sign in with email and password: the session cookie is set; `PUT /api/user/{email}` then gives the access token',
        {
          '200': answer(
            'Signed in.',
            object({
              redirect: { type: 'boolean', enum: [false] },
              token: { type: 'string', description: 'The session’s token, the same the cookie holds.' },
              user: { $ref: AUTH_USER },
            }),
            { 'Set-Cookie': signsIn },
          ),
          '400': invalid,
          '401': refusal('Wrong email or password (`INVALID_EMAIL_OR_PASSWORD`).'),
          '429': tooOften('sign-in attempts for this address or account'),
        },
        { requestBody: body(loginSchema) },
      ),
    },
    ...(google
      ? {
          '/api/auth/sign-in/social': {
            post: operation(
              'signInWithGoogle',
              'Start signing in with Google: the answer names Google’s page to send the browser to',
              {
                '200': answer(
                  'Where to send the browser; Google sends it back to /api/auth/callback/google, which sets the session cookie.',
                  object({ url: { type: 'string', format: 'uri' }, redirect: { type: 'boolean', enum: [true] } }),
                ),
                '400': invalid,
                '403': offTheShop('callbackURL', 'INVALID_CALLBACK_URL'),
              },
              {
                requestBody: body(
                  z.object({
                    provider: z.literal('google'),
                    callbackURL: z.string().describe('The shop’s page to land on once signed in.'),
                    errorCallbackURL: z.string().optional().describe('The page to land on when Google refuses.'),
                  }),
                ),
              },
            ),
          },
        }
      : {}),
    '/api/auth/sign-out': {
      post: operation(
        'signOut',
        'End the session: its cookie is cleared and its access tokens stop at once, on every instance',
        {
          '200': answer('Signed out; answered alike without a session.', object({ success: { type: 'boolean', enum: [true] } }), {
            'Set-Cookie': setCookie(`Clears \`${sessionCookie}\`.`),
          }),
        },
        { security: [...sessionCookieSecurity, {}] },
      ),
    },
    '/api/auth/get-session': {
      get: operation(
        'getSession',
        'The session behind the cookie and its user, or null for a visitor',
        {
          '200': answer(
            'The session and its user; `null` without a valid session cookie.',
            orNull({
              type: 'object',
              properties: {
                session: object({ id: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } }),
                user: { $ref: AUTH_USER },
              },
              required: ['session', 'user'],
            }),
          ),
        },
        { security: [...sessionCookieSecurity, {}] },
      ),
    },
    '/api/auth/update-user': {
      post: operation(
        'updateDisplayName',
        'Change your display name (Settings)',
        { '200': answer('Changed.', done), '400': invalid, '401': signedOut },
        { security: sessionCookieSecurity, requestBody: body(displayNameSchema) },
      ),
    },
    '/api/auth/change-password': {
      post: operation(
        'changePassword',
        'Change your password with the current one; every other session of the account ends',
        {
          '200': answer(
            'Changed: this browser stays signed in under a new session.',
            object({ token: orNull({ type: 'string' }), user: { $ref: AUTH_USER } }),
            { 'Set-Cookie': signsIn },
          ),
          '400': refusal('The input is invalid, or the current password is wrong (`INVALID_PASSWORD`).'),
          '401': signedOut,
        },
        { security: sessionCookieSecurity, requestBody: body(changePasswordSchema) },
      ),
    },
    '/api/auth/request-password-reset': {
      post: operation(
        'requestPasswordReset',
        'Mail a password reset link, valid one hour and once; answered alike whether the email has an account',
        {
          '200': answer(
            'Asked: a link is mailed if the email has an account.',
            object({ status: { type: 'boolean', enum: [true] }, message: { type: 'string' } }),
          ),
          '400': invalid,
          '403': offTheShop('redirectTo', 'INVALID_REDIRECT_URL'),
          '429': tooOften('password reset requests from your address'),
        },
        {
          requestBody: body(
            forgotPasswordSchema.extend({
              redirectTo: z.string().describe('The shop’s reset page, which the mailed link opens with its token.'),
            }),
          ),
        },
      ),
    },
    '/api/auth/reset-password': {
      post: operation(
        'resetPassword',
        'Set a new password with the token of a mailed reset link; every session of the account ends',
        {
          '200': answer('The password is set: sign in with it.', done),
          '400': refusal('The input is invalid, or the link is unknown, used or expired (`INVALID_TOKEN`).'),
        },
        {
          requestBody: body(newPasswordSchema.extend({ token: z.string().describe('The token in the mailed link.') })),
        },
      ),
    },
    '/api/auth/send-verification-email': {
      post: operation(
        'sendVerificationEmail',
        'Mail the email verification link again (R-EMAIL-VERIFY)',
        {
          '200': answer('Mailed, unless the address is already verified.', done),
          '400': invalid,
          '403': offTheShop('callbackURL', 'INVALID_CALLBACK_URL'),
        },
        {
          requestBody: body(
            z.object({
              email: emailSchema,
              callbackURL: z.string().optional().describe('The shop’s page the link leads to once verified.'),
            }),
          ),
        },
      ),
    },
    '/api/auth/verify-email': {
      get: operation(
        'verifyEmail',
        'The mailed verification link: marks the address verified, signs in and goes on to the shop',
        {
          '200': answer(
            'Without `callbackURL`: verified (and signed in when no one was).',
            object({ status: { type: 'boolean', enum: [true] }, user: { $ref: AUTH_USER } }),
            { 'Set-Cookie': signsIn },
          ),
          '302': {
            description: 'With `callbackURL`: verified and signed in, or refused, and sent on there.',
            headers: {
              'X-Request-Id': headers.requestId,
              Location: {
                description: 'The `callbackURL`; with `?error=INVALID_TOKEN` (or `TOKEN_EXPIRED`, …) when the link is refused.',
                schema: { type: 'string' },
              },
              'Set-Cookie': signsIn,
            },
          },
          '401': refusal('Without `callbackURL`: the link is invalid or expired (`INVALID_TOKEN`).'),
          '403': offTheShop('callbackURL', 'INVALID_CALLBACK_URL'),
        },
        {
          parameters: [
            {
              name: 'token',
              in: 'query',
              required: true,
              description: 'The token in the mailed link.',
              schema: { type: 'string' },
            },
            {
              name: 'callbackURL',
              in: 'query',
              required: false,
              description: 'Where to go afterwards.',
              schema: { type: 'string' },
            },
          ],
        },
      ),
    },
    '/api/auth/jwks': {
      get: operation('getSigningKeys', 'The public keys the access tokens are signed with (EdDSA), to check a token yourself', {
        '200': answer(
          'A JSON Web Key Set.',
          object({ keys: { type: 'array', items: { type: 'object', additionalProperties: true } } }),
        ),
      }),
    },
  };
}
