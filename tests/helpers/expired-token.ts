import type { SignedInCustomer } from './shop-client.ts';
import type { TestServer } from './test-server.ts';

/** A token signed with the server's own key for this customer, which expired an hour ago. */
export async function expiredAccessToken(server: TestServer, customer: SignedInCustomer): Promise<string> {
  const valid = JSON.parse(Buffer.from(customer.token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
  const past = Math.floor(Date.now() / 1000) - 3600;
  const { token } = await server.app.auth.api.signJWT({ body: { payload: { ...valid, iat: past - 900, exp: past } } });
  return token;
}
