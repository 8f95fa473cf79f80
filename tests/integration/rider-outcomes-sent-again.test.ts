import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments, smsOutbox } from '#server/db/schema.ts';
import { codeSeal } from '#server/modules/consignments/sealed-codes.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { sealCode } from '#web/features/parcels/lib/code-seal.ts';
import { holdAt } from '../helpers/held-race-point.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { sendOutWithRider } from '../helpers/parcels.ts';
import { type ApiAnswer, call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'House 4, Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};
const HANDOVER_JPEG = sharp({ create: { width: 640, height: 480, channels: 3, background: '#a0522d' } })
  .jpeg()
  .toBuffer();

/**
 * R-RIDER-OFFLINE (issue 43, decision 176): the rider app keeps outcomes recorded with no signal and sends
 * each with its own Idempotency-Key until an answer arrives. An outcome sent again — the answer lost on the
 * way back, or two sends at once — gets the first answer: nothing applied, counted or kept twice.
 */
describe.skipIf(withoutPostgres())('a rider’s outcome sent again with its Idempotency-Key (needs PostgreSQL)', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let rider: SignedInCustomer;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    admin = await signInAdmin(server);
    sender = await signUpCustomer(server);
    await approvedMerchant(server, admin, sender);
    rider = await signUpCustomer(server, { name: 'Rider One' });
    await call(server, 'PUT', `/api/admin/users/${rider.email}/role`, { token: admin.token, body: { role: 'rider' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A parcel out for delivery with the rider, and the code its recipient was sent. */
  const outWithRider = async () => {
    const code = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body
      .trackingCode;
    await sendOutWithRider(server, admin, code, rider.email);
    const texts = await server.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(like(smsOutbox.text, `%${code}%`));
    const deliveryCode = texts.map(({ text }) => text.match(/code (\d{6})/)?.[1]).find(Boolean) ?? '';
    return { code, deliveryCode };
  };
  const send = (code: string, body: unknown, key: string) =>
    call(server, 'POST', `/api/rider/deliveries/${code}`, { token: rider.token, body, headers: { 'idempotency-key': key } });
  const events = async (code: string) => {
    const [row] = await server.db.select({ id: consignments.id }).from(consignments).where(eq(consignments.trackingCode, code));
    return (
      await server.db
        .select({ status: consignmentEvents.status })
        .from(consignmentEvents)
        .where(eq(consignmentEvents.consignmentId, row?.id ?? ''))
    ).map((event) => event.status);
  };
  const parcel = async (code: string) =>
    (await server.db.select().from(consignments).where(eq(consignments.trackingCode, code)))[0];

  it('a delivery sent twice is delivered once: the second send gets the first answer, not “not out for delivery with you”', async () => {
    const { code, deliveryCode } = await outWithRider();
    const outcome = { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 };
    const first = await send(code, outcome, 'queued-1');
    const again = await send(code, outcome, 'queued-1');
    expect(first.body).toEqual({ trackingCode: code, status: 'delivered' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await events(code)).filter((status) => status === 'delivered')).toHaveLength(1);
    // Without a key, the same outcome again is what it is: the parcel is no longer on the run.
    expect((await call(server, 'POST', `/api/rider/deliveries/${code}`, { token: rider.token, body: outcome })).status).toBe(409);
  });

  it('a wrong code sent twice counts one try and is refused the same way both times', async () => {
    const { code, deliveryCode } = await outWithRider();
    const wrong = deliveryCode === '000000' ? '111111' : '000000';
    const outcome = { outcome: 'delivered', code: wrong, codCollected: 250_000 };
    const answers: ApiAnswer<{ error: { message: string } }>[] = [
      await send(code, outcome, 'queued-2'),
      await send(code, outcome, 'queued-2'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe('That is not the recipient’s code: 4 tries left.');
    }
    expect(await parcel(code)).toMatchObject({ status: 'out_for_delivery', deliveryCodeTries: 1 });
    // The right code, as a new outcome with its own key, still delivers.
    const right = await send(code, { ...outcome, code: deliveryCode }, 'queued-3');
    expect(right.body).toEqual({ trackingCode: code, status: 'delivered' });
  });

  it('the same key with another outcome is refused (422) and changes nothing', async () => {
    const { code } = await outWithRider();
    expect((await send(code, { outcome: 'failed', reason: 'unreachable' }, 'queued-4')).status).toBe(200);
    const other = await send(code, { outcome: 'failed', reason: 'refused' }, 'queued-4');
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect((await events(code)).filter((status) => status === 'delivery_failed')).toHaveLength(1);
  });

  it('a delivery on a photo sent twice keeps one photo', async () => {
    const { code } = await outWithRider();
    const sendWithPhoto = async () => {
      const form = new FormData();
      form.append('outcome', 'delivered');
      form.append('codCollected', '250000');
      form.append('receivedBy', 'Karim');
      form.append('handoverPhoto', new Blob([new Uint8Array(await HANDOVER_JPEG)], { type: 'image/jpeg' }), 'door.jpg');
      const response = await fetch(`${server.url}/api/rider/deliveries/${code}`, {
        method: 'POST',
        headers: { origin: server.url, authorization: `Bearer ${rider.token}`, 'idempotency-key': 'queued-5' },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    };
    const photosBefore = readdirSync(join(server.config.dataDir, 'handovers')).length;
    const first = await sendWithPhoto();
    const again = await sendWithPhoto();
    expect(first.body).toEqual({ trackingCode: code, status: 'delivered' });
    expect(again.body).toEqual(first.body);
    expect(readdirSync(join(server.config.dataDir, 'handovers'))).toHaveLength(photosBefore + 1);
    expect((await parcel(code))?.handoverPhoto).toBeTruthy();
  });

  it('a code sealed on the phone for the server delivers; one the server cannot open is refused without counting a try', async () => {
    const { code, deliveryCode } = await outWithRider();
    const { publicKey } = (await call<{ publicKey: string }>(server, 'GET', '/api/rider/code-seal', { token: rider.token })).body;
    expect((await call(server, 'GET', '/api/rider/code-seal', { token: sender.token })).status).toBe(403);
    // Sealed with another key (what a changed auth secret leaves on a phone): unreadable, nothing counted.
    const otherKey = codeSeal('another secret, another server, another key').publicKey;
    const unreadable = await send(
      code,
      { outcome: 'delivered', sealedCode: await sealCode(deliveryCode, otherKey), codCollected: 250_000 },
      'queued-7',
    );
    expect(unreadable.status).toBe(400);
    expect(unreadable.body).toMatchObject({
      error: { message: 'The code kept on the phone could not be read: type the recipient’s code again.' },
    });
    expect(await parcel(code)).toMatchObject({ status: 'out_for_delivery', deliveryCodeTries: 0 });
    const sealed = await sealCode(deliveryCode, publicKey);
    expect(sealed).not.toContain(deliveryCode);
    const delivered = await send(code, { outcome: 'delivered', sealedCode: sealed, codCollected: 250_000 }, 'queued-8');
    expect(delivered.body).toEqual({ trackingCode: code, status: 'delivered' });
  });

  it('two sends at once (the page and a second tab) deliver once and both get the delivery', async () => {
    const { code, deliveryCode } = await outWithRider();
    const outcome = { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 };
    const held = holdAt(server.db, 'consignment moved');
    const first = send(code, outcome, 'queued-6');
    await held.reached;
    const second = send(code, outcome, 'queued-6');
    // The second waits on the key the first holds, inside the first's transaction.
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect((await events(code)).filter((status) => status === 'delivered')).toHaveLength(1);
  });
});
