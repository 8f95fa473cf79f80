import type { TestServer } from './test-server.ts';
import { TEST_ADMIN } from './test-server.ts';

/** Where the calls go: a test server, or a server started as production starts it (npm-start.ts). */
export type ShopAddress = Pick<TestServer, 'url'>;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call to a running test server, the way a browser on the shop's origin makes it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies as loosely as a client script would
export async function call<T = any>(
  server: ShopAddress,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { origin: server.url, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

export interface SignedInCustomer {
  email: string;
  name: string;
  cookie: string;
  token: string;
}

function sessionCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function withToken(server: ShopAddress, email: string, name: string, cookie: string): Promise<SignedInCustomer> {
  const issued = await call<{ token: string }>(server, 'PUT', `/api/user/${encodeURIComponent(email)}`, {
    cookie,
    body: { email },
  });
  if (issued.status !== 200) throw new Error(`token for ${email}: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { email, name, cookie, token: issued.body.token };
}

let counter = 0;

/** Signs a new customer up through Better Auth and fetches their access token, as the web app does. */
export async function signUpCustomer(server: ShopAddress, overrides: { name?: string; email?: string; password?: string } = {}) {
  counter += 1;
  const name = overrides.name ?? `Customer ${counter}`;
  const email = overrides.email ?? `customer${counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? 'secret123';
  const answer = await call(server, 'POST', '/api/auth/sign-up/email', { body: { name, email, password } });
  if (answer.status !== 200) throw new Error(`sign-up ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  // Sign-up never signs in (decision 44): the web app signs in next, and so does this.
  return signIn(server, email, password);
}

export async function signIn(server: ShopAddress, email: string, password: string): Promise<SignedInCustomer> {
  const answer = await call<{ user: { name: string } }>(server, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return withToken(server, email, answer.body.user.name, sessionCookie(answer.headers));
}

export function signInAdmin(server: ShopAddress): Promise<SignedInCustomer> {
  return signIn(server, TEST_ADMIN.email, TEST_ADMIN.password);
}
