import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, smsOutbox } from '#server/db/schema.ts';
import type { MailsPage, TextsPage } from '#shared/mail.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 43 (R-MAILBOX): the Mailbox's mails and texts apart, a page at a time, by recipient and kind. */
describe.each(testDatabaseKinds())('the Mailbox’s tabs (%s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    // 70 texts to one number and 5 to another; 3 mails to Asha (kept in any case), 2 to Bilal.
    await server.db.insert(smsOutbox).values([
      ...Array.from({ length: 70 }, (_, index) => ({
        kind: index % 2 ? 'parcel-booked' : 'parcel-out-for-delivery',
        phone: '01812345678',
        text: `Text ${index}`,
        createdAt: sql`now() - ${index} * interval '1 second'`,
      })),
      ...Array.from({ length: 5 }, (_, index) => ({ kind: 'sign-in-code', phone: '01911000000', text: `Code ${index}` })),
    ]);
    await server.db.insert(mailOutbox).values([
      ...['Asha@Example.com', 'asha@example.com', 'ASHA@example.com'].map((recipient) => ({
        kind: 'welcome',
        recipient,
        data: { customerName: 'Asha' },
      })),
      ...[1, 2].map(() => ({ kind: 'sign-up-attempt', recipient: 'bilal@example.com', data: { customerName: 'Bilal' } })),
    ]);
  }, 180_000);
  afterAll(() => server?.stop());

  const texts = async (body: Record<string, unknown>) => {
    const answer = await call<TextsPage>(server, 'POST', '/api/mailbox/texts', { token: admin.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const mails = async (body: Record<string, unknown>) => {
    const answer = await call<MailsPage>(server, 'POST', '/api/mailbox/mails', { token: admin.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it('walks one number’s texts a page at a time, in any form the number is typed, none repeated or missed', async () => {
    const seen: string[] = [];
    let page = await texts({ to: '+880 1812-345678' });
    expect(page.kinds).toEqual(['parcel-booked', 'parcel-out-for-delivery', 'sign-in-code']);
    for (;;) {
      seen.push(...page.texts.map((text) => text.text));
      expect(page.texts.every((text) => text.phone === '01812345678')).toBe(true);
      if (!page.next) break;
      page = await texts({ to: '01812345678', cursor: page.next });
      expect(page.kinds).toBeNull();
    }
    expect(seen).toEqual(Array.from({ length: 70 }, (_, index) => `Text ${index}`));
    const codes = await texts({ kind: 'sign-in-code' });
    expect(codes.texts.map((text) => text.phone)).toEqual(Array(5).fill('01911000000'));
    expect((await texts({ to: '01812345678', kind: 'sign-in-code' })).texts).toEqual([]);
  });

  it('keeps the mails apart from the texts, by recipient in any case and by kind', async () => {
    const all = await mails({});
    expect(all.kinds).toEqual(expect.arrayContaining(['sign-up-attempt', 'welcome']));
    expect(all.mails.some((mail) => mail.kind === 'sign-in-code')).toBe(false);
    const asha = await mails({ to: 'asha@EXAMPLE.com' });
    expect(asha.mails.map((mail) => mail.to).sort()).toEqual(['ASHA@example.com', 'Asha@Example.com', 'asha@example.com']);
    expect(asha.mails[0]?.subject).toBeTruthy();
    expect((await mails({ kind: 'sign-up-attempt' })).mails.map((mail) => mail.to)).toEqual([
      'bilal@example.com',
      'bilal@example.com',
    ]);
  });

  it('refuses a number that is none, a kind that is no kind and a cursor it did not write; admins only', async () => {
    const asked = (path: string, body: unknown, token = admin.token) => call(server, 'POST', path, { token, body });
    const notPhone = await asked('/api/mailbox/texts', { to: 'asha@example.com' });
    expect(notPhone.status).toBe(400);
    expect(notPhone.body.error.fields).toHaveProperty('to');
    expect((await asked('/api/mailbox/mails', { kind: 'Welcome; drop' })).status).toBe(400);
    expect((await asked('/api/mailbox/mails', { cursor: 'bm90IG91cnM' })).status).toBe(400);
    const customer = await signUpCustomer(server);
    expect((await asked('/api/mailbox/texts', {}, customer.token)).status).toBe(403);
    expect((await asked('/api/mailbox/mails', {}, customer.token)).status).toBe(403);
  });
});
