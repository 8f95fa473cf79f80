import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from './shop-client.ts';
import { testDatabaseKinds } from './test-database.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export const ACTORS = ['anonymous', 'otherUser', 'owner', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

export interface AuthorizationContext {
  server: TestServer;
  owner: SignedInCustomer;
  otherUser: SignedInCustomer;
  admin: SignedInCustomer;
}

export interface AuthorizationRow {
  /** The route as the original client's calls name it (R-API), e.g. "DELETE /api/removeItem/{id}". */
  route: string;
  /** Builds the request for one actor; may create fresh resources owned by `owner` first. */
  request: (context: AuthorizationContext, actor: Actor) => Promise<{ method: string; path: string; body?: unknown }>;
  expected: Record<Actor, number>;
}

/**
 * The authorization table: every route called as anonymous, as a signed-in user on someone else's
 * resource, as the owner, and as an admin, each answer compared with the status it must get.
 */
export function describeAuthorizationTable(title: string, rows: AuthorizationRow[]): void {
  describe.each(testDatabaseKinds())(`${title} authorization on %s`, (kind) => {
    const context = {} as AuthorizationContext;
    beforeAll(async () => {
      // Every row places orders for the same owner: the unpaid-order limit has its own tests.
      context.server = await startTestServer({ kind, seed: true, env: { MAX_UNPAID_ORDERS: '1000' } });
      [context.owner, context.otherUser, context.admin] = await Promise.all([
        signUpCustomer(context.server, { name: 'Owner Olsen' }),
        signUpCustomer(context.server, { name: 'Other Oduya' }),
        signInAdmin(context.server),
      ]);
    });
    afterAll(() => context.server?.stop());

    it.each(rows.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
      const actual = {} as Record<Actor, number>;
      for (const actor of ACTORS) {
        const { method, path, body } = await row.request(context, actor);
        const token = actor === 'anonymous' ? undefined : context[actor].token;
        actual[actor] = (await call(context.server, method, path, { token, body })).status;
      }
      expect(actual).toEqual(row.expected);
    });
  });
}
