import { fromNodeHeaders, toNodeHandler } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { forbidden, HttpError, unauthorized, unexpectedFailure } from '../http/errors.ts';
import { type AccessTokenClaims, AccessTokenError, createAccessTokenVerifier } from './access-token.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';

export interface Viewer extends AccessTokenClaims {}

declare module 'fastify' {
  interface FastifyRequest {
    viewer?: Viewer;
  }
  interface FastifyInstance {
    auth: Auth;
    /** onRequest hook: a valid bearer access token is required; sets request.viewer. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a bearer token whose user has the admin role right now. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    isAdmin: (userId: string) => Promise<boolean>;
    /** The Better Auth session behind the request's cookies, if any. */
    sessionOf: (request: FastifyRequest) => ReturnType<Auth['api']['getSession']>;
  }
}

export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

async function authPlugin(app: FastifyInstance, options: { auth: Auth; db: Database; issuer: string }) {
  const { auth, db } = options;
  const verifyAccessToken = createAccessTokenVerifier(async () => auth.api.getJwks(), options.issuer);
  const authHandler = toNodeHandler(auth);

  app.decorate('auth', auth);
  app.decorateRequest('viewer', undefined);

  app.decorate('isAdmin', async (userId: string) => {
    const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId)).limit(1);
    return row?.role === 'admin';
  });

  app.decorate('sessionOf', (request: FastifyRequest) => auth.api.getSession({ headers: fromNodeHeaders(request.headers) }));

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token) throw unauthorized('Sign in to continue: this call needs an access token.');
    try {
      request.viewer = await verifyAccessToken(token);
    } catch (error) {
      if (error instanceof AccessTokenError) {
        throw new HttpError(401, error.reason === 'expired' ? 'token_expired' : 'unauthorized', error.message);
      }
      throw error;
    }
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply);
    if (!(await app.isAdmin(viewerOf(request).userId))) throw forbidden('Only admins may do this.');
  });

  // Better Auth reads the raw request itself, so its routes live in a context without body parsing.
  await app.register(async (authRoutes) => {
    authRoutes.removeAllContentTypeParsers();
    authRoutes.addContentTypeParser('*', (_request, _payload, done) => done(null));
    authRoutes.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        request.raw.headers[CLIENT_IP_HEADER] = request.ip;
        reply.hijack();
        try {
          await authHandler(request.raw, reply.raw);
        } catch (error) {
          // Better Auth throws what it cannot answer itself (onAPIError.throw): our error shape, and a 503 while the database is out of reach (R-OUTAGE).
          const failure = unexpectedFailure(error);
          request.log[failure.status === 500 ? 'error' : 'warn']({ err: error }, 'sign-in service failed');
          if (reply.raw.headersSent) return void reply.raw.destroy();
          reply.raw.writeHead(failure.status, { ...failure.headers, 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify(failure.body));
        }
      },
    });
  });
}

export default fp(authPlugin, { name: 'auth' });
