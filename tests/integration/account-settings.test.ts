import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { addProduct, placeOrder } from '../helpers/catalog.ts';
import { call, signIn, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe.each(testDatabaseKinds())('account settings on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  it('a new display name is saved under the sign-up rule, and new orders and tokens carry it', async () => {
    const customer = await signUpCustomer(server, { name: 'Old Name', password: 'secret123' });
    const empty = await call(server, 'POST', '/api/auth/update-user', { cookie: customer.cookie, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.nameRequired);

    const saved = await call(server, 'POST', '/api/auth/update-user', { cookie: customer.cookie, body: { name: 'New Name' } });
    expect(saved.status).toBe(200);
    const renewed = await signIn(server, customer.email, 'secret123');
    expect(renewed.name).toBe('New Name');
    const admin = await signInAdmin(server);
    const product = await addProduct(server, admin);
    expect((await placeOrder(server, renewed, product._id, 1)).body.userName).toBe('New Name');
  });

  it('a password change needs the current password and the sign-up rule, and signs out the other sessions', async () => {
    const customer = await signUpCustomer(server, { password: 'before123' });
    const otherDevice = await signIn(server, customer.email, 'before123');
    const change = (body: object) => call(server, 'POST', '/api/auth/change-password', { cookie: customer.cookie, body });

    const wrong = await change({ currentPassword: 'guess1234', newPassword: 'after1234', revokeOtherSessions: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.currentPasswordWrong);
    const weak = await change({ currentPassword: 'before123', newPassword: 'short', revokeOtherSessions: true });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MESSAGES.passwordWeak);

    const changed = await change({ currentPassword: 'before123', newPassword: 'after1234', revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect((await call(server, 'GET', '/api/auth/get-session', { cookie: otherDevice.cookie })).body).toBeNull();
    const old = await call(server, 'POST', '/api/auth/sign-in/email', { body: { email: customer.email, password: 'before123' } });
    expect(old.status).toBe(401);
    await signIn(server, customer.email, 'after1234');
  });
});
