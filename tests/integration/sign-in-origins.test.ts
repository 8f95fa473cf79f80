import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('sign-in origins without PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: '' } });
  });
  afterAll(() => server?.stop());

  // A browser sends the shop's cookies along; that is when the origin is checked (a cross-site forgery).
  const signUp = (origin: string, email: string) =>
    call(server, 'POST', '/api/auth/sign-up/email', {
      headers: { origin, cookie: 'better-auth.session_token=earlier-visit' },
      body: { name: 'Lina', email, password: 'cargo123' },
    });

  it('accepts both loopback names of the default address, so 127.0.0.1 works as well as localhost', async () => {
    const port = new URL(server.url).port;
    expect((await signUp(`http://127.0.0.1:${port}`, 'lina1@example.com')).status).toBe(200);
    expect((await signUp(`http://localhost:${port}`, 'lina2@example.com')).status).toBe(200);
  });

  it('refuses a sign-up a browser posts from another site', async () => {
    expect((await signUp('http://evil.example', 'lina3@example.com')).status).toBe(403);
  });
});
