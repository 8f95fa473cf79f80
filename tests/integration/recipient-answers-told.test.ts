import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, smsOutbox } from '#server/db/schema.ts';
import type { Booking } from '#shared/consignment.ts';
import type { NewApiKey } from '#shared/merchant-api.ts';
import type { NewWebhookEndpoint } from '#shared/webhooks.ts';
import { holdsWithin } from '../helpers/eventually.ts';
import { merchantWithApiKeys } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signatureVerifies, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Issue 44, R-CONFIRM-BEFORE-PICKUP (decision 182): a recipient who did not order a parcel, or who asks to change
 * its address or phone, is told to the merchant by mail to the account and by a signed webhook event, not only
 * by a text to the pickup phone; every answer, a confirmation too, is an event.
 */
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('the merchant told of answers (%s)', (kind) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let owner: SignedInCustomer;
  let live: NewApiKey;
  let secret: string;
  let phoneCounter = 0;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      kind,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      outboxTiming: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 1_000 },
    });
    const admin = await signInAdmin(server);
    ({ owner, live } = await merchantWithApiKeys(server, admin));
    const endpoint = await call<NewWebhookEndpoint>(server, 'POST', '/api/v1/webhooks', {
      headers: { authorization: `Bearer ${live.key}` },
      body: { url: receiver.url, events: ['consignment.recipient_answered'] },
    });
    expect(endpoint.status).toBe(201);
    secret = endpoint.body.secret;
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  /** A COD parcel whose recipient is asked, to a number of its own; its code and the link's token. */
  const askedParcel = async () => {
    phoneCounter += 1;
    const phone = `0181235${String(5000 + phoneCounter)}`;
    const booked = await call<Booking>(server, 'POST', '/api/v1/consignments', {
      headers: { authorization: `Bearer ${live.key}` },
      body: {
        ...STANDARD_PARCEL,
        codAmount: 150_000,
        askRecipientToConfirm: true,
        recipient: { ...STANDARD_PARCEL.recipient, phone },
      },
    });
    expect(booked.status).toBe(201);
    const [text] = await server.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.kind, 'parcel-confirm')));
    const token = text?.text.match(/\/c\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    return { code: booked.body.trackingCode, token };
  };
  const answer = (token: string, body: Record<string, unknown>) => call(server, 'POST', `/api/confirmations/${token}`, { body });
  const mailsAbout = async (code: string) =>
    (
      await server.db
        .select({ data: mailOutbox.data })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, owner.email), eq(mailOutbox.kind, 'recipient-answer')))
    )
      .map((mail) => mail.data as { trackingCode: string; answer: string; proposedAddress?: string })
      .filter((data) => data.trackingCode === code);
  const eventsAbout = (code: string) => receiver.received.filter((seen) => seen.event.data.trackingCode === code);

  it('did not order it: a mail to the merchant’s account and a signed event', async () => {
    const { code, token } = await askedParcel();
    expect((await answer(token, { answer: 'not_ordered' })).status).toBe(200);
    expect(await mailsAbout(code)).toEqual([{ customerName: owner.name, trackingCode: code, answer: 'not_ordered' }]);
    expect(await holdsWithin(10_000, async () => eventsAbout(code).length === 1)).toBe(true);
    const [seen] = eventsAbout(code);
    expect(seen?.event).toMatchObject({
      type: 'consignment.recipient_answered',
      data: { trackingCode: code, answer: 'not_ordered', proposedAddress: null, proposedPhone: null },
    });
    expect(seen && signatureVerifies(seen, secret)).toBe(true);
  });

  it('a change waiting: a mail with the change asked for, and a signed event carrying it', async () => {
    const { code, token } = await askedParcel();
    expect((await answer(token, { answer: 'change', address: 'House 4, Kandirpar' })).status).toBe(200);
    expect(await mailsAbout(code)).toEqual([
      { customerName: owner.name, trackingCode: code, answer: 'change_asked', proposedAddress: 'House 4, Kandirpar' },
    ]);
    expect(await holdsWithin(10_000, async () => eventsAbout(code).length === 1)).toBe(true);
    const [seen] = eventsAbout(code);
    expect(seen?.event.data).toMatchObject({
      answer: 'change_asked',
      proposedAddress: 'House 4, Kandirpar',
      proposedPhone: null,
    });
    expect(seen && signatureVerifies(seen, secret)).toBe(true);
  });

  it('a confirmation is an event, and no mail: nothing waits for the merchant', async () => {
    const { code, token } = await askedParcel();
    expect((await answer(token, { answer: 'confirm' })).status).toBe(200);
    expect(await holdsWithin(10_000, async () => eventsAbout(code).length === 1)).toBe(true);
    expect(eventsAbout(code)[0]?.event.data).toMatchObject({ answer: 'confirmed' });
    expect(await mailsAbout(code)).toEqual([]);
  });
});
