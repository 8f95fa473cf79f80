import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CASES, type ApiRequest, REFUSED_CASES } from '../helpers/api-cases.ts';
import { ApiWorld } from '../helpers/api-world.ts';
import { AnswerChecker, type DocumentedOperation, type OpenApiDocument, type RealAnswer } from '../helpers/openapi-answers.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of a document, in its order. */
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );

async function realAnswer(response: Response): Promise<RealAnswer> {
  const contentType = response.headers.get('content-type');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length === 0) return { status: response.status, contentType, body: undefined };
  const text = bytes.toString('utf8');
  return { status: response.status, contentType, body: contentType?.includes('json') ? JSON.parse(text) : text };
}

/**
 * The API documents cannot drift from the server (issue 39 item 11): every operation of /api/docs and of
 * /api/v1/openapi.json is asked for real, as api-cases.ts says, and its answer (status, content type, body)
 * must be one its document describes. Each operation with security is asked once more without its
 * credentials and must be refused 401, and one without security is asked with none: so a guarded route
 * documented without security, or security on a route with no guard, fails here.
 */
describe.each(testDatabaseKinds())('every documented operation answers as its document says on %s', (kind) => {
  let server: TestServer;
  let world: ApiWorld;

  beforeAll(async () => {
    // Merchants' webhook hosts resolve to a public address, as a real endpoint's would (they are never reached here).
    server = await startTestServer({
      kind,
      seed: true,
      env: { METRICS_TOKEN },
      resolveHost: async () => [{ address: '93.184.215.14', family: 4 }],
    });
    world = new ApiWorld(server);
  });
  afterAll(() => server?.stop());

  /** The request's credentials, as its operation's security names them. */
  async function credentials(operation: DocumentedOperation, request: ApiRequest): Promise<Record<string, string>> {
    const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
    if (schemes.length === 0) {
      if (request.as || request.who)
        throw new Error(`documented without security, yet its case calls as ${request.as ?? 'someone'}`);
      return {};
    }
    const [scheme] = schemes;
    if (scheme === 'bearerAuth')
      return { authorization: `Bearer ${(request.who ?? (await world.signedIn(request.as ?? 'customer'))).token}` };
    if (scheme === 'sessionCookie') return { cookie: (request.who ?? (await world.customer())).cookie };
    if (scheme === 'merchantApiKey') return { authorization: `Bearer ${request.apiKey ?? (await world.apiKey())}` };
    if (scheme === 'metricsToken') return { authorization: `Bearer ${METRICS_TOKEN}` };
    throw new Error(`no credentials for the security scheme ${scheme}`);
  }

  async function send(path: string, method: string, request: ApiRequest, credentials: Record<string, string>) {
    const url = new URL(
      path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? `missing-${name}`)),
      server.url,
    );
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { origin: server.url, ...request.headers, ...credentials };
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) body = request.form;
    else if (request.text) {
      headers['content-type'] = request.text.type;
      body = request.text.body;
    }
    return realAnswer(await fetch(url, { method: method.toUpperCase(), headers, body, redirect: 'manual' }));
  }

  async function problemsOf(document: OpenApiDocument): Promise<string[]> {
    const checker = new AnswerChecker(document);
    const problems: string[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      const at = `${operation.operationId} (${method.toUpperCase()} ${path})`;
      const makeRequest = API_CASES[operation.operationId];
      if (!makeRequest) {
        problems.push(`${at}: no case in tests/helpers/api-cases.ts`);
        continue;
      }
      try {
        const request = await makeRequest(world);
        const secured = (operation.security ?? []).length > 0;
        const optional = (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
        if (secured && !optional) {
          const refused = await send(path, method, request, {});
          if (refused.status !== 401)
            problems.push(`${at}: without credentials answered ${refused.status}, not 401 as its security says`);
          for (const problem of checker.problems(method, path, refused)) problems.push(`${at} without credentials: ${problem}`);
        }
        const answer = await send(path, method, request, await credentials(operation, request));
        if (answer.status !== request.status)
          problems.push(`${at}: answered ${answer.status}, not ${request.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
        for (const problem of checker.problems(method, path, answer)) problems.push(`${at}: ${problem}`);
      } catch (error) {
        problems.push(`${at}: ${(error as Error).message}`);
      }
    }
    return problems;
  }

  const documentAt = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as OpenApiDocument;
  };

  it('the shop’s document, /api/docs: every operation has a case and answers as documented', async () => {
    const document = await documentAt('/api/docs');
    expect(operationsOf(document).length).toBeGreaterThan(100);
    expect(await problemsOf(document)).toEqual([]);
  }, 600_000);

  it('the merchant API’s document, /api/v1/openapi.json: every operation has a case and answers as documented', async () => {
    const document = await documentAt('/api/v1/openapi.json');
    expect(operationsOf(document).length).toBeGreaterThan(3);
    expect(await problemsOf(document)).toEqual([]);
  }, 120_000);

  it('each document names every object it takes or answers in components.schemas, the shared ones by their own names', async () => {
    const [shop, merchantApi] = await Promise.all(['/api/docs', '/api/v1/openapi.json'].map(documentAt));
    const inline = (document: OpenApiDocument) =>
      operationsOf(document).flatMap(({ operation }) =>
        [
          ...Object.values(operation.requestBody?.content ?? {}),
          ...Object.entries(operation.responses).flatMap(([status, { content }]) =>
            status.startsWith('2') ? Object.values(content ?? {}) : [],
          ),
        ]
          .map(({ schema }) => schema as { $ref?: string; type?: string } | undefined)
          .filter((schema) => schema?.type === 'object' && !schema.$ref)
          .map(() => operation.operationId),
      );
    expect([...inline(shop as OpenApiDocument), ...inline(merchantApi as OpenApiDocument)]).toEqual([]);
    expect(Object.keys(shop?.components.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'Consignment',
        'Quote',
        'LedgerLine',
        'Merchant',
        'WebhookEndpoint',
        'Product',
        'Order',
        'Review',
        'ErrorResponse',
      ]),
    );
    expect(Object.keys(merchantApi?.components.schemas ?? {}).sort()).toEqual(
      [
        'AreaDirectory',
        'Booking',
        'CodBalance',
        'ConsignmentBatch',
        'Consignment',
        'ConsignmentStatusChange',
        'ConsignmentStatusChangedEvent',
        'ErrorResponse',
        'LedgerLine',
        'LedgerPage',
        'NewConsignmentBatchInput',
        'NewConsignmentInput',
        'NewReturnRequestInput',
        'NewStoreInput',
        'NewWebhookEndpoint',
        'ParcelsPage',
        'Payout',
        'PayoutCreatedEvent',
        'PayoutDetails',
        'PayoutPage',
        'PayoutPaidEvent',
        'Quote',
        'RecipientAnswer',
        'RecipientAnsweredEvent',
        'RecipientRecord',
        'RecipientRecordLookupInput',
        'ReturnRequest',
        'ReturnRequestMoveInput',
        'ReturnRequestPage',
        'ReturnRequestStatusChange',
        'ReturnRequestStatusChangedEvent',
        'SandboxMoveInput',
        'ServiceCatalogue',
        'Store',
        'StoreChangeInput',
        'StoreList',
        'WebhookDelivery',
        'WebhookDeliveryList',
        'WebhookEndpoint',
        'WebhookEndpointList',
        'WebhookEndpointRegistrationInput',
        'WebhookTest',
        'WebhookTestEvent',
      ].sort(),
    );
  });

  it('documents the 403 of an address off the shop where Better Auth sends the browser on (reset and verification links)', async () => {
    const document = await documentAt('/api/docs');
    const checker = new AnswerChecker(document);
    const elsewhere = 'https://elsewhere.example/';
    const { email } = await world.customer();
    const asked: [string, string, ApiRequest, string][] = [
      ['post', '/api/auth/request-password-reset', { json: { email, redirectTo: elsewhere }, status: 403 }, 'redirectTo'],
      ['post', '/api/auth/send-verification-email', { json: { email, callbackURL: elsewhere }, status: 403 }, 'callbackURL'],
      [
        'get',
        '/api/auth/verify-email',
        { query: { token: 'not-a-mailed-token', callbackURL: elsewhere }, status: 403 },
        'callbackURL',
      ],
    ];
    for (const [method, path, request, field] of asked) {
      const answer = await send(path, method, request, {});
      expect(answer.status, path).toBe(403);
      expect(checker.problems(method, path, answer), path).toEqual([]);
      const documented = document.paths[path]?.[method]?.responses['403'] as { description?: string } | undefined;
      expect(documented?.description, path).toContain(`\`${field}\` leads off the shop`);
    }
  });

  it('each document refuses what its server refuses: a review without a photo, phones, freight’s size, page bounds, Idempotency-Key', async () => {
    const documents = await Promise.all(['/api/docs', '/api/v1/openapi.json'].map(documentAt));
    const accepted: string[] = [];
    for (const { operationId, what, request: makeRequest } of REFUSED_CASES) {
      const document = documents.find((candidate) =>
        operationsOf(candidate).some(({ operation }) => operation.operationId === operationId),
      );
      const found = document && operationsOf(document).find(({ operation }) => operation.operationId === operationId);
      if (!document || !found) throw new Error(`no operation ${operationId} in either document`);
      const request = { ...(await makeRequest(world)), status: 400 };
      const answer = await send(found.path, found.method, request, await credentials(found.operation, request));
      expect(answer.status, `${operationId}, ${what}: ${JSON.stringify(answer.body)}`).toBe(400);
      if (new AnswerChecker(document).accepts(found.method, found.path, request)) accepted.push(`${operationId}: ${what}`);
    }
    expect(accepted).toEqual([]);
  }, 120_000);
});
