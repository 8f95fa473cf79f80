import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { getCookies } from 'better-auth/cookies';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '#server/auth/auth.ts';
import type { Config } from '#server/config.ts';
import { errorBodySchema } from './errors.ts';

/** The refusals a route can document, and what each one means to a client. */
const ERROR_STATUSES = {
  400: 'The input is invalid; `error.fields` names each wrong field.',
  401: 'No valid credentials: sign in, or renew an expired access token (`token_expired`).',
  402: 'The card was refused; `error.code` says why.',
  403: 'Signed in, but not allowed to do this.',
  404: 'Nothing has this id or email.',
  409: 'The shop’s current state does not allow it (sold out, already paid, the last admin, …).',
  413: 'The upload is too large.',
  422: 'An `Idempotency-Key` already used for a different request (`idempotency_key_reused`).',
  429: 'Done too often in a while (R-FLOOD): the message and Retry-After say how long to wait.',
} as const;

type ErrorStatus = keyof typeof ERROR_STATUSES;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * What the route refuses with besides what follows from its input (400), its sign-in (401, and 403
     * for admin routes) and an `:id` in its path (404).
     */
    errors?: readonly ErrorStatus[];
  }
}

const BEARER = 'bearerAuth';
const SESSION_COOKIE = 'sessionCookie';

/** For a route that reads the Better Auth session itself instead of requiring the access token. */
export const sessionCookieSecurity = [{ [SESSION_COOKIE]: [] }];

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});

/**
 * Completes each operation from how its route is built: the security its onRequest hook demands, and
 * the refusals its input, sign-in and `:id` imply on top of those it declares in `errors`.
 */
function describeOperation(app: FastifyInstance): SwaggerTransform {
  return (document) => {
    const transformed = jsonSchemaTransform(document);
    const { route } = document;
    if (!transformed.schema || transformed.schema.hide || !route.schema) return transformed;
    const hooks: unknown[] = [route.onRequest ?? []].flat();
    const forAdmins = hooks.includes(app.requireAdmin);
    const security = route.schema.security ?? (forAdmins || hooks.includes(app.requireUser) ? [{ [BEARER]: [] }] : []);
    const statuses = new Set(route.schema.errors);
    if (route.schema.body || route.schema.querystring || route.schema.params) statuses.add(400);
    if (security.length > 0) statuses.add(401);
    if (forAdmins) statuses.add(403);
    if (route.url.includes('/:id')) statuses.add(404);
    if (route.config && 'rateLimit' in route.config) statuses.add(429);
    const refusals = [...statuses].map((status) => [status, errorResponse(ERROR_STATUSES[status])]);
    return {
      url: transformed.url,
      schema: {
        ...transformed.schema,
        security,
        response: {
          ...(transformed.schema.response as object),
          ...Object.fromEntries(refusals),
          '4XX': errorResponse('Any other refusal: every one has this body.'),
        },
      },
    };
  };
}

/** The OpenAPI document served at /api/docs, made from the route schemas. */
export async function registerOpenApi(app: FastifyInstance, config: Config, auth: Auth): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.shopName} storefront API`,
        version: '1.0.0',
        description:
          'Sign in with Better Auth under /api/auth (not described here), then `PUT /api/user/{email}` ' +
          'gives the bearer access token most calls need. Every refusal answers an ErrorResponse.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token `PUT /api/user/{email}` issues; it expires after a few minutes.',
          },
          [SESSION_COOKIE]: {
            type: 'apiKey',
            in: 'cookie',
            name: getCookies(auth.options).sessionToken.name,
            description: 'The session cookie Better Auth sets when you sign in.',
          },
        },
        schemas: { ErrorResponse: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as object },
      },
    },
    transform: describeOperation(app),
  });
}
