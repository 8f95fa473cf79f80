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
/** A merchant's API key (issue 30), the one way into `/api/v1`. */
export const MERCHANT_KEY = 'merchantApiKey';
const MERCHANT_API_PREFIX = '/api/v1/';

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
          [MERCHANT_KEY]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A merchant API key (`sk_…`), made and revoked by the merchant under /api/merchant/api-keys.',
          },
        },
        schemas: { ErrorResponse: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as object },
      },
    },
    transform: describeOperation(app),
  });
}

interface OpenApiDocument {
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  [field: string]: unknown;
}

/**
 * The two documents one set of route schemas makes: the shop's at /api/docs, and the merchant API's
 * (`/api/v1`, issue 30) at /api/v1/openapi.json, which names only its own calls and key.
 */
export function openApiDocuments(app: FastifyInstance, shopName: string): { shop: unknown; merchantApi: unknown } {
  const whole = app.swagger() as unknown as OpenApiDocument;
  const paths = (keep: (path: string) => boolean) =>
    Object.fromEntries(Object.entries(whole.paths).filter(([path]) => keep(path)));
  const { [MERCHANT_KEY]: merchantKey, ...shopSchemes } = whole.components.securitySchemes;
  return {
    shop: {
      ...whole,
      paths: paths((path) => !path.startsWith(MERCHANT_API_PREFIX)),
      components: { ...whole.components, securitySchemes: shopSchemes },
    },
    merchantApi: {
      ...whole,
      info: {
        title: `${shopName} merchant API`,
        version: '1.0.0',
        description:
          'Book parcels, read them, quote and read your COD ledger from your own shop. Send one of your API keys as ' +
          '`Authorization: Bearer sk_…`; each key makes a limited number of calls a minute (429 with Retry-After). ' +
          'Every refusal answers an ErrorResponse.',
      },
      paths: paths((path) => path.startsWith(MERCHANT_API_PREFIX)),
      components: {
        ...whole.components,
        securitySchemes: { [MERCHANT_KEY]: merchantKey },
      },
    },
  };
}
