import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betterAuthRoutes } from '../helpers/auth-routes.ts';
import { GOOGLE_TEST_CLIENT, type OidcIssuer, startOidcIssuer } from '../helpers/oidc-issuer.ts';
import { withBodiesInline } from '../helpers/openapi-answers.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { freePort, startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { headers?: Record<string, unknown>; content?: { 'application/json': { schema: Schema } } }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: { sessionCookie: { name: string } } };
}

const PASSWORD = 'secret123';

/** A value for each field the documented bodies and queries name, as the web app fills it in. */
function valueFor(field: string, server: TestServer, email: string): string {
  const values: Record<string, string> = {
    name: 'Ada Lovelace',
    email,
    password: PASSWORD,
    currentPassword: PASSWORD,
    newPassword: 'another456',
    // A token no link ever held: its refusal is documented too.
    token: 'not-a-mailed-token',
    redirectTo: `${server.url}/reset-password`,
    callbackURL: '/',
    errorCallbackURL: '/login',
    provider: 'google',
  };
  const value = values[field];
  if (value === undefined) throw new Error(`the test has no value for the documented field ${field}: add one`);
  return value;
}

/** Every field the schema names (required or not), filled in: the request as the document shapes it. */
const bodyFor = (schema: Schema, server: TestServer, email: string) =>
  Object.fromEntries(Object.keys(schema.properties ?? {}).map((field) => [field, valueFor(field, server, email)]));

/** What each documented call answers when asked in this order by one new customer, as the web app asks. */
const EXPECTED: Record<string, number> = {
  signUp: 200,
  signIn: 200,
  getSession: 200,
  updateDisplayName: 200,
  sendVerificationEmail: 200,
  changePassword: 200,
  requestPasswordReset: 200,
  resetPassword: 400,
  verifyEmail: 302,
  getSigningKeys: 200,
  // Last: it ends the session the calls before it used.
  signOut: 200,
};

async function readDocument(server: TestServer): Promise<Document> {
  return withBodiesInline<Document>(await (await fetch(`${server.url}/api/docs`)).text());
}

/** The documented calls under /api/auth, by operationId. */
function authOperations(document: Document): Map<string, { method: string; path: string; operation: Operation }> {
  return new Map(
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => [operation.operationId, { method, path, operation }] as const),
      ),
  );
}

/** Asks the real server one documented call, shaped as documented: its body's fields, its query, the cookie. */
async function ask(server: TestServer, method: string, path: string, operation: Operation, email: string, cookie: string) {
  const query = new URLSearchParams(
    (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, valueFor(p.name, server, email)]),
  );
  const schema = operation.requestBody?.content['application/json'].schema;
  return fetch(`${server.url}${path}${query.size ? `?${query}` : ''}`, {
    method: method.toUpperCase(),
    redirect: 'manual',
    headers: { origin: server.url, cookie, ...(schema ? { 'content-type': 'application/json' } : {}) },
    body: schema ? JSON.stringify(bodyFor(schema, server, email)) : undefined,
  });
}

describe.each(testDatabaseKinds())('the Better Auth calls in the OpenAPI document, on %s', (kind) => {
  let server: TestServer;
  let document: Document;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    document = await readDocument(server);
  });
  afterAll(() => server?.stop());

  it('are routes Better Auth serves, each one the test asks', () => {
    const served = new Set(betterAuthRoutes(server.app.auth).map(([method, path]) => `${method} ${path}`));
    const documented = [...authOperations(document).values()].map(({ method, path }) => `${method} ${path}`);
    expect(documented.filter((route) => !served.has(route))).toEqual([]);
    expect([...authOperations(document).keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('each answers, asked as documented, with a status it documents, its documented fields and headers', async () => {
    const operations = authOperations(document);
    const email = `documented-${Date.now()}@example.com`;
    const sessionCookieName = document.components.securitySchemes.sessionCookie.name;
    let cookie = '';
    for (const [operationId, status] of Object.entries(EXPECTED)) {
      const found = operations.get(operationId);
      if (!found) throw new Error(`${operationId} is not in the document`);
      const { method, path, operation } = found;
      const answer = await ask(server, method, path, operation, email, cookie);
      const at = `${operationId}: ${method.toUpperCase()} ${path}`;
      expect(answer.status, at).toBe(status);
      const documented = operation.responses[String(status)];
      expect(documented, `${at} documents ${status}`).toBeDefined();
      expect(answer.headers.get('x-request-id'), at).toEqual(expect.any(String));
      // The mailed link goes on to its callbackURL, saying why when it is refused.
      if (status === 302) expect(answer.headers.get('location'), at).toBe('/?error=INVALID_TOKEN');
      const schema = documented?.content?.['application/json'].schema;
      if (schema?.required) expect(Object.keys((await answer.json()) ?? {}), at).toEqual(expect.arrayContaining(schema.required));
      // The cookie the document names is the one signing in sets (a password change sets a new one), and the calls after it send.
      const session = answer.headers.getSetCookie().find((set) => set.startsWith(`${sessionCookieName}=`));
      if (operationId === 'signIn') expect(session, 'sign-in sets the documented session cookie').toBeDefined();
      if (session) cookie = session.split(';')[0] ?? '';
    }
  });
});

describe('sign-in with Google in the OpenAPI document', () => {
  let issuer: OidcIssuer;
  let server: TestServer;
  let google: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    issuer = await startOidcIssuer(`http://127.0.0.1:${port}/api/auth/callback/google`);
    [server, google] = await Promise.all([
      startTestServer(),
      startTestServer({
        env: {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT.clientId,
          GOOGLE_CLIENT_SECRET: GOOGLE_TEST_CLIENT.clientSecret,
          GOOGLE_ISSUER: issuer.url,
        },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), google?.stop()]);
    await issuer?.stop();
  });

  it('is documented where Google is configured, and answers as documented there', async () => {
    expect(authOperations(await readDocument(server)).has('signInWithGoogle')).toBe(false);
    const found = authOperations(await readDocument(google)).get('signInWithGoogle');
    if (!found) throw new Error('signInWithGoogle is not in the document');
    const answer = await ask(google, found.method, found.path, found.operation, 'unused@example.com', '');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { url: string; redirect: boolean };
    expect(body).toEqual({ url: expect.stringContaining(issuer.url), redirect: true });
  });
});
