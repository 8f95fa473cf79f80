import { setTimeout as sleep } from 'node:timers/promises';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodeForStatus } from '#shared/error-codes.ts';
import { LIMITS } from '#shared/limits.ts';
import type { Role } from '#shared/user.ts';
import type { RateLimits } from '../config.ts';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { user } from '../db/schema.ts';
import { forbidden, HttpError, unauthorized, unexpectedFailure } from '../http/errors.ts';
import { guard } from '../http/guards.ts';
import { nestingRefusal } from '../http/json-body.ts';
import { floodLimit, RATE_LIMIT_WINDOWS } from '../http/rate-limits.ts';
import { requestLocale } from '../i18n/plugin.ts';
import { type AccessTokenClaims, AccessTokenError, createAccessTokenVerifier } from './access-token.ts';
import { type Auth, CLIENT_IP_HEADER, signInFailedOnOurSide } from './auth.ts';
import type { LiveSessions } from './live-sessions.ts';

export interface Viewer extends AccessTokenClaims {}

/** The content types Better Auth's router (better-call) reads as JSON; other bodies cannot nest. */
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

declare module 'fastify' {
  interface FastifyRequest {
    viewer?: Viewer;
  }
  interface FastifyInstance {
    auth: Auth;
    /** Open sessions behind access tokens; deleting or banning users outside Better Auth must call `usersEnded`. */
    liveSessions: LiveSessions;
    /** onRequest hook: a valid bearer access token is required; sets request.viewer. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a bearer token whose user has the admin role right now. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    isAdmin: (userId: string) => Promise<boolean>;
    /** The account's role right now (R-ROLES). */
    roleOf: (userId: string) => Promise<Role>;
    /** An onRequest hook: a bearer token whose user has one of `roles`, or is an admin, right now (R-ROLES). */
    requireRole: (roles: readonly Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The Better Auth session behind the request's cookies, if any. */
    sessionOf: (request: FastifyRequest) => ReturnType<Auth['api']['getSession']>;
    /**
     * Asks Better Auth's `path` (under /api/auth) with `body` as JSON, on behalf of `request` (a form sent
     * without JavaScript): with its Origin, cookies and address, so the origin check, the sign-in throttle
     * and the known-device cookie hold as for the web app's own call.
     */
    askAuth: (request: FastifyRequest, path: string, body: Record<string, string>) => Promise<Response>;
  }
}

/**
 * The account's role as the database has it now (R-ROLES), asked at every request of a role's route:
 * prepared once per database (decision 188), as Drizzle would otherwise build the same SQL each time.
 */
const roleStatement = preparedPerDatabase((db) =>
  db
    .select({ role: user.role })
    .from(user)
    .where(eq(user.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('role_of_user'),
);

export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

/**
 * Sign-up and reset requests answer alike for an email with an account and one without (decision 44), but
 * their work differs by a few database writes (sign-up here: 79 against 85 ms median): neither accepts
 * sooner than this after it arrived, well above both paths' slowest time on this machine (~175 ms).
 */
export const ANSWER_NOT_BEFORE_MS = 400;

/** The request's headers as Better Auth reads them, with the address Fastify trusts. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  // A form sent from a Bangla page (/bn/signup) is Bangla whatever the browser's own languages.
  headers.set('accept-language', requestLocale(request));
  return headers;
}

/** Hands a request to Better Auth as a Fetch request: the body Fastify read (within its limit), the address Fastify trusts. */
function toAuthRequest(request: FastifyRequest, origin: string): Request {
  const body = request.body instanceof Buffer && request.body.length > 0 ? new Uint8Array(request.body) : undefined;
  return new Request(`${origin}${request.url}`, { method: request.method, headers: authHeaders(request), body });
}

/** The same for a form the server took itself: its fields as the JSON the web app would have sent to `path`. */
function formToAuthRequest(request: FastifyRequest, origin: string, path: string, body: Record<string, string>): Request {
  const headers = authHeaders(request);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(`${origin}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Sign-ups per address (R-FLOOD), for the API's route and the form's alike. */
export const signUpFloodLimit = (rateLimits: RateLimits) =>
  floodLimit({
    max: rateLimits.signUpsPerAddress,
    windowMs: RATE_LIMIT_WINDOWS.signUp,
    what: /*i18n*/ 'sign-ups from your address',
    key: (request) => request.ip,
  });

/** Password reset requests per address (R-FLOOD), for the API's route and the form's alike. */
export const passwordResetFloodLimit = (rateLimits: RateLimits) =>
  floodLimit({
    max: rateLimits.passwordResetsPerAddress,
    windowMs: RATE_LIMIT_WINDOWS.passwordReset,
    what: /*i18n*/ 'password reset requests from your address',
    key: (request) => request.ip,
  });

/**
 * Sign-in codes asked for per address (R-PHONE-SIGN-IN), for the API's route and the form's alike; the
 * form's second step (the code typed) does not count: its tries are limited per code.
 */
export const phoneCodeFloodLimit = (rateLimits: RateLimits, isCodeTyped: (request: FastifyRequest) => boolean = () => false) => {
  const limit = floodLimit({
    max: rateLimits.phoneCodesPerAddress,
    windowMs: RATE_LIMIT_WINDOWS.phoneCode,
    what: /*i18n*/ 'sign-in codes asked for from your address',
    key: (request) => request.ip,
  });
  return { rateLimit: { ...limit.rateLimit, allowList: (request: FastifyRequest) => isCodeTyped(request) } };
};

/** An answer that could tell a taken email from a new one is not sent sooner than ANSWER_NOT_BEFORE_MS (decision 44). */
export async function notSooner(started: number, response: Response): Promise<Response> {
  if (response.ok) await sleep(Math.max(0, ANSWER_NOT_BEFORE_MS - (performance.now() - started)));
  return response;
}

async function sendAuthResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  // A refusal is sent as the object it is, so that its message goes out in the request's language
  // like every other refusal of the API (src/server/i18n/plugin.ts, decision 61).
  const refusal = response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json');
  for (const [name, value] of response.headers)
    if (name !== 'set-cookie' && !(refusal && name === 'content-length')) reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (refusal) return reply.send(await response.json());
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** Refusals on /api/auth/* in Better Auth's own shape ({ code, message }), which its browser client reads. */
function sendAuthRefusal(error: FastifyError, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const code = error instanceof HttpError ? error.code : errorCodeForStatus(status);
  const message = status === 413 ? `The request body must be at most ${LIMITS.authBodyMaxBytes / 1024} KB.` : error.message;
  return reply
    .status(status)
    .send({ code: code.toUpperCase(), message: status === 500 ? /*i18n*/ 'Something went wrong on our side.' : message });
}

async function authPlugin(
  app: FastifyInstance,
  options: { auth: Auth; db: Database; issuer: string; rateLimits: RateLimits; sessions: LiveSessions },
) {
  const { auth, db, rateLimits, sessions } = options;
  const verifyAccessToken = createAccessTokenVerifier(async () => auth.api.getJwks(), options.issuer);

  app.decorate('auth', auth);
  app.decorate('liveSessions', sessions);
  app.decorateRequest('viewer', undefined);

  const roleOf = async (userId: string): Promise<Role> => {
    const [row] = await roleStatement(db).execute({ userId });
    return row?.role ?? 'user';
  };
  app.decorate('roleOf', roleOf);
  app.decorate('isAdmin', async (userId: string) => (await roleOf(userId)) === 'admin');

  app.decorate('sessionOf', (request: FastifyRequest) => auth.api.getSession({ headers: fromNodeHeaders(request.headers) }));

  const signedIn = { scheme: 'bearerAuth', byRole: false } as const;
  const inRole = { scheme: 'bearerAuth', byRole: true } as const;
  app.decorate(
    'requireUser',
    guard(async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!token) throw unauthorized(/*i18n*/ 'Sign in to continue: this call needs an access token.');
      let claims: AccessTokenClaims;
      try {
        claims = await verifyAccessToken(token);
      } catch (error) {
        if (error instanceof AccessTokenError) {
          throw new HttpError(401, error.reason === 'expired' ? 'token_expired' : 'unauthorized', error.message);
        }
        throw error;
      }
      // Signed out, signed out elsewhere, or deleted: the token ends with its session (R-SESSION-END).
      if (!(await sessions.isOpen(claims.sessionId, claims.userId)))
        throw unauthorized(/*i18n*/ 'Your session has ended. Please sign in again.');
      request.viewer = claims;
    }, signedIn),
  );

  app.decorate(
    'requireAdmin',
    guard(async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      if (!(await app.isAdmin(viewerOf(request).userId))) throw forbidden(/*i18n*/ 'Only admins may do this.');
    }, inRole),
  );

  app.decorate('requireRole', (roles: readonly Role[]) =>
    guard(async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      const role = await roleOf(viewerOf(request).userId);
      if (role !== 'admin' && !roles.includes(role))
        throw forbidden(/*i18n*/ 'Your account does not have the role this needs: ask an admin.');
    }, inRole),
  );

  const answer = async (log: FastifyBaseLogger, authRequest: Request): Promise<Response> => {
    // A sign-in our side failed to answer (the database out of reach) gives its throttle attempt back (R-THROTTLE).
    const ourFailure = () =>
      signInFailedOnOurSide(authRequest).catch((error) => log.warn({ err: error }, 'sign-in attempt not given back'));
    let response: Response;
    try {
      response = await auth.handler(authRequest);
    } catch (error) {
      await ourFailure();
      throw error;
    }
    if (response.status >= 500) await ourFailure();
    return response;
  };
  app.decorate('askAuth', (request: FastifyRequest, path: string, body: Record<string, string>) =>
    answer(request.log, formToAuthRequest(request, options.issuer, path, body)),
  );

  // Better Auth's routes take their body through Fastify, so its limit holds there too (R-BOUNDS).
  await app.register(async (authRoutes) => {
    authRoutes.removeAllContentTypeParsers();
    authRoutes.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LIMITS.authBodyMaxBytes }, (request, body, done) => {
      // Better Auth parses JSON itself, and its hooks walk what it parsed: measured here first (R-BOUNDS).
      const refusal = JSON_CONTENT_TYPE.test(request.headers['content-type'] ?? '') ? nestingRefusal(body as Buffer) : undefined;
      if (refusal) return done(refusal, undefined);
      done(null, body);
    });
    authRoutes.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendAuthRefusal(error, reply);
      // Better Auth throws what it cannot answer itself (onAPIError.throw): a 503 in the shop's shape while
      // the database is out of reach (R-OUTAGE), else a 500.
      const failure = unexpectedFailure(error);
      request.log[failure.status === 500 ? 'error' : 'warn']({ err: error }, 'auth request failed');
      if (failure.status === 500) return sendAuthRefusal(error, reply);
      return reply.status(failure.status).headers(failure.headers).send(failure.body);
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) =>
      sendAuthResponse(reply, await answer(request.log, toAuthRequest(request, options.issuer)));
    const answerNoSooner = async (request: FastifyRequest, reply: FastifyReply) => {
      const started = performance.now();
      return sendAuthResponse(reply, await notSooner(started, await answer(request.log, toAuthRequest(request, options.issuer))));
    };
    authRoutes.post('/api/auth/sign-up/email', {
      schema: { hide: true },
      config: signUpFloodLimit(rateLimits),
      handler: answerNoSooner,
    });
    authRoutes.post('/api/auth/request-password-reset', {
      schema: { hide: true },
      config: passwordResetFloodLimit(rateLimits),
      handler: answerNoSooner,
    });
    authRoutes.post('/api/auth/phone-number/send-otp', {
      schema: { hide: true },
      config: phoneCodeFloodLimit(rateLimits),
      handler,
    });
    authRoutes.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler });
  });
}

export default fp(authPlugin, { name: 'auth' });
