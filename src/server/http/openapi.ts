import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { getCookies } from 'better-auth/cookies';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import { BD_MOBILE_MESSAGE } from '#shared/bd-mobile.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import { REFUSING_TEST_CARDS } from '#shared/test-cards.ts';
import { type ErrorBody, errorBodySchema } from './errors.ts';
import { guardDemandOf } from './guards.ts';
import { AUTH_SCHEMAS, authPaths } from './openapi-auth.ts';
import { nameBodySchemas, schemasReferredTo } from './openapi-components.ts';
import { nameSharedSchemas, WEBHOOK_EVENT_NAMES, withRequestExamples } from './openapi-schema-names.ts';

/** The refusals a route can document, and what each one means to a client. */
const ERROR_STATUSES = {
  400: 'The input is invalid; `error.fields` names each wrong field.',
  401: 'Missing or wrong credentials (those its security names); an expired access token says `token_expired`.',
  402: 'The card was refused; `error.code` says why.',
  403: 'Signed in, but not allowed to do this.',
  404: 'Nothing has this id or email.',
  409: 'The shop’s current state does not allow it (sold out, already paid, the last admin, …).',
  413: 'The upload is too large.',
  422: 'An `Idempotency-Key` already used for a different request (`idempotency_key_reused`), or a batch with an item that cannot go (`batch_refused`): nothing was done, and `error.problems` names every item’s problem.',
  429: 'Done too often in a while (R-FLOOD): the message and Retry-After say how long to wait.',
  502: 'Stripe could not be reached (`payment_provider_unavailable`): try again in a moment.',
} as const;

type ErrorStatus = keyof typeof ERROR_STATUSES;

/** What any call can answer, whatever its route: our own failure, or the database out of reach (R-OUTAGE). */
const FAILURE_STATUSES = {
  500: 'Something went wrong on our side (`internal`); the request may be tried again.',
  503: 'The shop cannot reach its database for a moment, or the request’s query ran past its statement timeout (`service_unavailable`): ask again after Retry-After seconds.',
} as const;

/**
 * The `error.code`s each refusal carries whatever its route (ERROR_CODES), named in its description so a
 * client can tell them apart (issue 41); a route names those it adds in `codes`.
 */
const CODES_OF_STATUS: Record<ErrorStatus | keyof typeof FAILURE_STATUSES, readonly ErrorCode[]> = {
  400: ['bad_request'],
  401: ['unauthorized'],
  402: REFUSING_TEST_CARDS.map((card) => card.code),
  403: ['forbidden'],
  404: ['not_found'],
  409: ['conflict'],
  413: ['payload_too_large'],
  422: [],
  429: ['too_many_requests'],
  500: ['internal'],
  502: ['payment_provider_unavailable'],
  503: ['service_unavailable'],
};

/** The status of each code a route may add to its refusals. */
const STATUS_OF_CODE: Partial<Record<ErrorCode, ErrorStatus>> = {
  token_expired: 401,
  duplicate_invoice: 409,
  idempotency_key_reused: 422,
  batch_refused: 422,
  live_key: 403,
};

const codesSaid = (codes: readonly ErrorCode[]) =>
  codes.length === 0 ? '' : ` \`error.code\`: ${codes.map((code) => `\`${code}\``).join(' or ')}.`;

/** ErrorResponse's example: a booking whose recipient's number is not a mobile number (400). */
const ERROR_EXAMPLE: ErrorBody = {
  error: {
    code: 'bad_request',
    message: BD_MOBILE_MESSAGE,
    fields: { 'recipient.phone': BD_MOBILE_MESSAGE },
  },
};

/** The answer headers the document names, each as a header object of OpenAPI. */
export const ANSWER_HEADERS = {
  'X-Request-Id': {
    description:
      'The id of this request in the shop’s log: the `X-Request-Id` it came with when that is 8–128 of ' +
      '`A-Z a-z 0-9 . _ -`, else a new UUID v7. Quote it when asking for help.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-Total-Count': {
    description: 'How many there are in all, over every page.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Policy': {
    description:
      'The merchant API’s limit, as the IETF draft “RateLimit header fields for HTTP” writes it: `"merchant";q=600;w=60` ' +
      'is 600 calls (q) a 60-second window (w) for all of the merchant’s keys together.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'What is left of it after this call, as the same draft writes it: `"merchant";r=599;t=42` is 599 calls (r) ' +
      'left for 42 more seconds (t), when the window starts again.',
    schema: { type: 'string' },
  },
} as const;

type AnswerHeader = keyof typeof ANSWER_HEADERS;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * What the route refuses with besides what follows from its input (400), its sign-in (401, and 403
     * for admin routes) and an `:id` in its path (404).
     */
    errors?: readonly ErrorStatus[];
    /** The `error.code`s it refuses with besides each status's own (`duplicate_invoice`, `batch_refused`, …). */
    codes?: readonly ErrorCode[];
    /** Headers its success answer carries besides X-Request-Id, which every answer has. */
    successHeaders?: readonly Exclude<AnswerHeader, 'X-Request-Id' | 'Retry-After'>[];
    /**
     * Input the handler reads itself instead of Fastify (the Stripe webhook checks a signature over the
     * body's exact bytes; a batch reads each of its items, to name every problem of every one): described
     * in the document, never validated by it; a `body` beside it is what Fastify checks first.
     */
    readByHandler?: { body?: z.ZodType; headers?: z.ZodObject };
  }
}

const BEARER = 'bearerAuth';
const SESSION_COOKIE = 'sessionCookie';
const METRICS_TOKEN = 'metricsToken';
/** A merchant's API key (issue 30), the one way into `/api/v1`. */
const MERCHANT_KEY = 'merchantApiKey';
const MERCHANT_API_PREFIX = '/api/v1/';

/** For a route that reads the Better Auth session itself instead of requiring the access token. */
export const sessionCookieSecurity = [{ [SESSION_COOKIE]: [] }];

/** For GET /metrics: the operator's METRICS_TOKEN, not a customer's credentials. */
export const metricsTokenSecurity = [{ [METRICS_TOKEN]: [] }];

/** Headers as a route's response schema names them for @fastify/swagger: a JSON Schema with its description. */
const headersOf = (names: readonly AnswerHeader[]) =>
  Object.fromEntries(
    names.map((name) => [name, { ...ANSWER_HEADERS[name].schema, description: ANSWER_HEADERS[name].description }]),
  );

const errorResponse = (description: string, headers: readonly AnswerHeader[] = ['X-Request-Id']) => ({
  description,
  headers: headersOf(headers),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});

/** Those refusals that say when to ask again. */
const WAIT_THEN_ASK_AGAIN: readonly number[] = [429, 503];
/** What every answer of the merchant API past its key check says about its limit (issue 41). */
const LIMIT_LEFT: readonly AnswerHeader[] = ['RateLimit-Policy', 'RateLimit'];

/**
 * Completes each operation from how its route is built: the security its onRequest hook demands, the
 * refusals its input, sign-in and `:id` imply on top of those it declares in `errors`, the failures any
 * call can meet, the headers each answer carries, and a success answer described by the route's summary
 * unless its schema describes it (`.describe()`).
 */
function describeOperation(): SwaggerTransform {
  return (document) => {
    const { errors, codes = [], successHeaders = [], readByHandler, ...routeSchema } = document.schema ?? {};
    const transformed = jsonSchemaTransform({ ...document, schema: { ...routeSchema, ...readByHandler } });
    const { route } = document;
    if (!transformed.schema || transformed.schema.hide || !route.schema) return transformed;
    // The security is the guard's (guards.ts); a route whose handler checks the caller itself names it by hand.
    const guard = guardDemandOf(route.onRequest);
    const security = route.schema.security ?? (guard ? [{ [guard.scheme]: [] }] : []);
    const statuses = new Set<ErrorStatus>(errors);
    if (route.schema.body || route.schema.querystring || route.schema.params) statuses.add(400);
    if (security.length > 0) statuses.add(401);
    if (guard?.byRole) statuses.add(403);
    if (route.url.includes('/:id')) statuses.add(404);
    if (route.config && 'rateLimit' in route.config) statuses.add(429);
    // An access token that ran out says so; a merchant's key never runs out.
    const ownCodes = [...codes, ...(guard?.scheme === BEARER ? (['token_expired'] as const) : [])];
    for (const code of ownCodes) {
      const status = STATUS_OF_CODE[code];
      if (status) statuses.add(status);
    }
    const codesOf = (status: ErrorStatus | 500 | 503) => [
      ...CODES_OF_STATUS[status],
      ...ownCodes.filter((code) => STATUS_OF_CODE[code] === status),
    ];
    const limited = guard?.scheme === MERCHANT_KEY ? LIMIT_LEFT : [];
    const refusals = [...statuses, ...([500, 503] as const)].map((status) => [
      status,
      errorResponse(
        (status === 500 || status === 503 ? FAILURE_STATUSES[status] : ERROR_STATUSES[status]) + codesSaid(codesOf(status)),
        WAIT_THEN_ASK_AGAIN.includes(status)
          ? ['X-Request-Id', 'Retry-After', ...(status === 429 ? limited : [])]
          : ['X-Request-Id'],
      ),
    ]);
    const answers = Object.entries((transformed.schema.response ?? {}) as Record<string, Record<string, unknown>>).map(
      ([status, answer]) => {
        const success = status.startsWith('2');
        const headers: readonly AnswerHeader[] = ['X-Request-Id', ...(success ? [...successHeaders, ...limited] : [])];
        return [
          status,
          { ...answer, description: answer.description ?? route.schema?.summary, headers: headersOf(headers) },
        ] as const;
      },
    );
    return {
      url: transformed.url,
      schema: {
        ...transformed.schema,
        security,
        response: {
          ...Object.fromEntries(refusals),
          ...Object.fromEntries(answers),
          '4XX': errorResponse('Any other refusal: every one has this body.'),
        },
      },
    };
  };
}

/**
 * The OpenAPI document served at /api/docs, made from the route schemas: registered before any route,
 * since @fastify/swagger sees only the routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  // Better Auth's name for it under the shop's base URL (auth.ts sets no prefix of its own); a test signs in and compares.
  const sessionCookie = getCookies({ baseURL: config.publicUrl }).sessionToken.name;
  nameSharedSchemas();
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12 (null a type, as zod writes it), and it has `webhooks` (issue 41).
      openapi: '3.1.0',
      info: {
        title: `${config.shopName} storefront API`,
        version: '1.0.0',
        description:
          'Sign in under /api/auth (Better Auth: the session cookie), then `PUT /api/user/{email}` gives the bearer ' +
          'access token most calls need. Every refusal answers an ErrorResponse, except those under /api/auth, ' +
          'which answer Better Auth’s AuthErrorResponse. Every answer names its request in X-Request-Id.',
        license: { name: 'Proprietary: ask the shop, whose About page says how to reach it', url: `${config.publicUrl}/about` },
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
            name: sessionCookie,
            description: 'The session cookie Better Auth sets when you sign in.',
          },
          [MERCHANT_KEY]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A merchant API key (`sk_…`), made and revoked by the merchant under /api/merchant/api-keys.',
          },
          [METRICS_TOKEN]: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN the operator set.' },
        },
        schemas: {
          ErrorResponse: {
            ...(z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' }) as object),
            examples: [ERROR_EXAMPLE],
          },
        },
      },
    },
    transform: describeOperation(),
    // The shared schemas registered with an id (`.meta({ id })`) become components, referred to by the operations;
    // the request bodies' with their examples too.
    transformObject: (document) => withRequestExamples(jsonSchemaTransformObject(document)),
  });
}

type Paths = Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;

/** Each answer's headers the document names in components.headers, by reference instead of a copy in every answer. */
function referToSharedHeaders(paths: Paths): Paths {
  const shared = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).map(([name, header]) => [
        name,
        name in ANSWER_HEADERS ? { $ref: `#/components/headers/${name}` } : header,
      ]),
    );
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          {
            ...operation,
            responses: Object.fromEntries(
              Object.entries(operation.responses).map(([status, answer]) => [
                status,
                answer.headers ? { ...answer, headers: shared(answer.headers) } : answer,
              ]),
            ),
          },
        ]),
      ),
    ]),
  );
}

/** The shared headers `paths` refer to, for its document's components (one it never names would be unused). */
function headersNamedIn(paths: Paths): Partial<typeof ANSWER_HEADERS> {
  const text = JSON.stringify(paths);
  return Object.fromEntries(Object.entries(ANSWER_HEADERS).filter(([name]) => text.includes(`"#/components/headers/${name}"`)));
}

/**
 * The document's `webhooks` (OpenAPI 3.1, issue 41): one entry a type of event the shop sends, its body
 * the schema the sender builds it through (webhooks/events.ts), as a merchant's endpoint receives it.
 */
function webhooksSent() {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_NAMES).map(([type, name]) => [
      type,
      {
        post: {
          operationId: `webhook${name}`,
          tags: ['webhooks'],
          summary: `The \`${type}\` event, as your endpoint receives it`,
          description:
            'POSTed to each of your endpoints that takes this type (`webhook.test` only to the endpoint it is sent to), ' +
            'signed with the endpoint’s secret in the `SwiftCargo-Signature` header: `t={unix seconds},v1={hex ' +
            'HMAC-SHA256 of "{t}.{body}"}`. Check it over the body’s exact bytes and refuse an old `t`. The same ' +
            'event (its `id`) may come more than once: tried again until your endpoint answers 2XX within 5 seconds, ' +
            'or resent from the delivery log.',
          security: [],
          parameters: WEBHOOK_HEADERS(type),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
          },
          responses: {
            '200': { description: 'Received: any 2XX answer within 5 seconds ends the delivery.' },
            '4XX': { description: 'Not received: the delivery is tried again later, and its attempts are in the log.' },
          },
        },
      },
    ]),
  );
}

interface OpenApiDocument {
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  [field: string]: unknown;
}

/** The headers every webhook request carries (webhooks/worker.ts), as parameters a generator types. */
const WEBHOOK_HEADERS = (type: string) => [
  {
    name: 'SwiftCargo-Signature',
    in: 'header',
    required: true,
    description: '`t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}` with the endpoint’s secret (R-WEBHOOKS).',
    schema: { type: 'string', pattern: '^t=[0-9]+,v1=[0-9a-f]{64}$' },
    example: 't=1795939323,v1=5f0c2b9e8d7a6f41c3e2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6',
  },
  {
    name: 'SwiftCargo-Event-Id',
    in: 'header',
    required: true,
    description: 'The event’s `id`: the same on every attempt and resend, so a receiver acts on it once.',
    schema: { type: 'string' },
  },
  {
    name: 'SwiftCargo-Event-Type',
    in: 'header',
    required: true,
    description: 'The event’s `type`.',
    schema: { type: 'string', const: type },
  },
];

/**
 * The two documents one set of route schemas makes: the shop's at /api/docs, with Better Auth's calls
 * the web app makes (openapi-auth.ts), and the merchant API's (`/api/v1`, issue 30) at
 * /api/v1/openapi.json, which names only its own calls and key.
 */
export function openApiDocuments(app: FastifyInstance, config: Config): { shop: unknown; merchantApi: unknown } {
  const whole = app.swagger() as unknown as OpenApiDocument;
  const paths = (keep: (path: string) => boolean) =>
    Object.fromEntries(Object.entries(whole.paths).filter(([path]) => keep(path))) as Paths;
  const { [MERCHANT_KEY]: merchantKey, [METRICS_TOKEN]: metricsToken, ...shopSchemes } = whole.components.securitySchemes;
  const sessionCookie = (shopSchemes[SESSION_COOKIE] as { name: string }).name;
  const routed = paths((path) => !path.startsWith(MERCHANT_API_PREFIX));
  const shop = nameBodySchemas(
    referToSharedHeaders({
      ...routed,
      ...(authPaths({
        headers: { requestId: ANSWER_HEADERS['X-Request-Id'], retryAfter: ANSWER_HEADERS['Retry-After'] },
        sessionCookie,
        sessionCookieSecurity,
        google: config.google !== undefined,
      }) as Paths),
    }),
    { ...whole.components.schemas, ...AUTH_SCHEMAS },
  );
  const shopPaths = shop.paths;
  const merchantApi = nameBodySchemas(
    referToSharedHeaders(paths((path) => path.startsWith(MERCHANT_API_PREFIX))),
    whole.components.schemas,
  );
  const merchantApiPaths = merchantApi.paths;
  const webhooks = webhooksSent();
  return {
    shop: {
      ...whole,
      paths: shopPaths,
      components: {
        ...whole.components,
        // The metrics token only when metrics are on (METRICS_TOKEN): /metrics is not served otherwise.
        securitySchemes: { ...shopSchemes, ...('/metrics' in routed ? { [METRICS_TOKEN]: metricsToken } : {}) },
        schemas: schemasReferredTo(shopPaths, shop.schemas),
        headers: headersNamedIn(shopPaths),
      },
    },
    merchantApi: {
      ...whole,
      info: {
        title: `${config.shopName} merchant API`,
        version: '1.0.0',
        description:
          'Book parcels, read them, quote and read your COD ledger from your own shop. Send one of your API keys as ' +
          '`Authorization: Bearer sk_…`; all your keys together make a limited number of calls a minute (429 with Retry-After). ' +
          'Every refusal answers an ErrorResponse; every answer names its request in X-Request-Id.',
        license: whole.info.license,
      },
      paths: merchantApiPaths,
      webhooks,
      components: {
        ...whole.components,
        securitySchemes: { [MERCHANT_KEY]: merchantKey },
        schemas: schemasReferredTo({ merchantApiPaths, webhooks }, merchantApi.schemas),
        headers: headersNamedIn(merchantApiPaths),
      },
    },
  };
}
