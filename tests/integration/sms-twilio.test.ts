import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, signUpCustomer } from '../helpers/shop-client.ts';
import { type SmsGateway, startSmsGateway } from '../helpers/sms-gateway.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-auth-token';
// The worker looks at the outbox only when the test tells it, and retries at once.
const ON_DEMAND = { pollMs: 60 * 60_000, retryBaseMs: 1, retryMaxMs: 1 };

/** Issue 29: SMS_PROVIDER=twilio sends the outbox through Twilio's SDK, here to a local stand-in of its API. */
describe('text messages through Twilio', () => {
  let gateway: SmsGateway;
  let server: TestServer;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startTestServer({
      env: {
        SMS_PROVIDER: 'twilio',
        SMS_URL: gateway.twilioUrl,
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: 'SwiftCargo',
      },
      outboxTiming: ON_DEMAND,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await gateway?.stop();
  });

  it('sends each message once, from the configured sender with the account’s credentials, through refusals', async () => {
    const sender = await signUpCustomer(server);
    const booked = await call(server, 'POST', '/api/consignments', { token: sender.token, body: STANDARD_PARCEL });
    gateway.refuseNext(2);
    for (let round = 0; round < 4; round++) {
      await server.app.smsWorker.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(gateway.received).toEqual([
      {
        to: '+8801812345678',
        text: expect.stringContaining(`sent you parcel ${booked.body.trackingCode}`),
        from: 'SwiftCargo',
        authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
        idempotencyKey: undefined,
      },
    ]);
    const [row] = await server.db.select().from(smsOutbox);
    expect(row).toMatchObject({ deliveredBy: 'gateway', attempts: 3 });
  });
});
