import { type AuthorizationContext, describeAuthorizationTable } from '#tests/helpers/authorization-table.ts';
import { call, signUpCustomer } from '#tests/helpers/shop-client.ts';

/** A fresh user whose admin rights an actor may try to change, so one row's calls do not affect the next. */
async function freshUserEmail(context: AuthorizationContext, asAdmin = false): Promise<string> {
  const user = await signUpCustomer(context.server);
  if (asAdmin) await call(context.server, 'PUT', `/api/user/admin/${user.email}`, { token: context.admin.token });
  return user.email;
}

describeAuthorizationTable('users', [
  {
    route: 'GET /api/admin/{email}',
    request: async ({ owner }) => ({ method: 'GET', path: `/api/admin/${owner.email}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 200 },
  },
  {
    route: 'GET /api/user',
    request: async () => ({ method: 'GET', path: '/api/user' }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'PUT /api/user/admin/{email}',
    request: async (context) => ({ method: 'PUT', path: `/api/user/admin/${await freshUserEmail(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/adminRemove/{email}',
    request: async (context) => ({ method: 'DELETE', path: `/api/adminRemove/${await freshUserEmail(context, true)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/users/{email}',
    request: async (context) => ({ method: 'DELETE', path: `/api/users/${await freshUserEmail(context)}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 403, admin: 200 },
  },
  {
    route: 'GET /api/userInfo/{email}',
    request: async ({ owner }) => ({ method: 'GET', path: `/api/userInfo/${owner.email}` }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 200 },
  },
  {
    route: 'PUT /api/userInfo/{email}',
    request: async ({ owner }) => ({
      method: 'PUT',
      path: `/api/userInfo/${owner.email}`,
      body: { email: owner.email, name: owner.name, address: '5 Dock Street', phoneNumber: '+1 555 0100' },
    }),
    expected: { anonymous: 401, otherUser: 403, owner: 200, admin: 403 },
  },
  {
    route: 'PUT /api/user/{email} (bearer only, no session)',
    request: async ({ owner }) => ({ method: 'PUT', path: `/api/user/${owner.email}`, body: { email: owner.email } }),
    expected: { anonymous: 401, otherUser: 401, owner: 401, admin: 401 },
  },
  {
    route: 'GET /api/home',
    request: async () => ({ method: 'GET', path: '/api/home' }),
    expected: { anonymous: 200, otherUser: 200, owner: 200, admin: 200 },
  },
]);
