import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './test-server.ts';

export const GOOGLE_TEST_CLIENT = {
  clientId: 'storefront-test-client',
  clientSecret: 'storefront-test-secret-0123456789',
} as const;

export interface OidcIssuer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback standing in for Google. Its development login form
 * accepts any login: the login typed in becomes the account's email.
 */
export async function startOidcIssuer(redirectUri: string): Promise<OidcIssuer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: GOOGLE_TEST_CLIENT.clientId,
        client_secret: GOOGLE_TEST_CLIENT.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    pkce: { required: () => true },
    async findAccount(_context, id) {
      const email = id.includes('@') ? id.toLowerCase() : `${id.toLowerCase()}@gmail.test`;
      return {
        accountId: id,
        async claims() {
          return { sub: `google-${email}`, email, email_verified: true, name: 'Grace Google' };
        },
      };
    },
  });
  provider.proxy = false;
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
