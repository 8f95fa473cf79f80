import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignments, smsOutbox } from '#server/db/schema.ts';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import type { MailboxEntry } from '#shared/mail.ts';
import type { Operations, RunParcel, ScanResult, Tracking } from '#shared/tracking.ts';
import { addProduct, placeOrder } from '../helpers/catalog.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { payWithTestCard } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { type SmsGateway, startSmsGateway } from '../helpers/sms-gateway.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const HANDOVER_JPEG = sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#a0522d' } })
  .jpeg()
  .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Station Road, Sylhet' } })
  .toBuffer();

// The SMS worker looks at the outbox only when the test tells it.
const ON_DEMAND = { pollMs: 60 * 60_000, retryBaseMs: 1, retryMaxMs: 1 };

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};

/** Issue 29: a rider delivers with the recipient's code from the SMS outbox, sent through a gateway. */
describe('delivering a parcel with the recipient’s code', () => {
  let gateway: SmsGateway;
  let server: TestServer;
  let admin: SignedInCustomer;
  let rider: SignedInCustomer;
  let otherRider: SignedInCustomer;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    gateway = await startSmsGateway();
    server = await startTestServer({
      env: { SMS_PROVIDER: 'http', SMS_URL: gateway.url, SMS_TOKEN: 'gateway-token' },
      outboxTiming: ON_DEMAND,
    });
    admin = await signInAdmin(server);
    sender = await signUpCustomer(server);
    // Cash to collect is a merchant's (issue 39).
    await approvedMerchant(server, admin, sender);
    rider = await signUpCustomer(server, { name: 'Rider One' });
    otherRider = await signUpCustomer(server, { name: 'Rider Two' });
    for (const staff of [rider, otherRider])
      await call(server, 'PUT', `/api/admin/users/${staff.email}/role`, { token: admin.token, body: { role: 'rider' } });
  });
  afterAll(async () => {
    await server?.stop();
    await gateway?.stop();
  });

  const book = async () =>
    (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body.trackingCode;
  const scan = (codes: string[], status: string, extra: Record<string, string> = {}) =>
    call<{ results: ScanResult[] }>(server, 'POST', '/api/ops/scans', { token: admin.token, body: { codes, status, ...extra } });
  const toDeliveryHub = async (code: string) => {
    await scan([code], 'picked_up');
    await scan([code], 'at_hub', { hub: 'dhaka' });
    await scan([code], 'at_delivery_hub', { hub: 'sylhet' });
  };
  const deliver = (code: string, body: unknown, who = rider) =>
    call(server, 'POST', `/api/rider/deliveries/${code}`, { token: who.token, body });
  /** The outcome as the run page sends it with a photo of the handover: a phone's JPEG, with its EXIF. */
  const deliverWithPhoto = async (code: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('handoverPhoto', new Blob([new Uint8Array(await HANDOVER_JPEG)], { type: 'image/jpeg' }), 'door.jpg');
    const response = await fetch(`${server.url}/api/rider/deliveries/${code}`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${rider.token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };
  /** The parcel mails about one parcel, oldest first, and any 6-digit code one gives away. */
  const parcelMailsAbout = async (trackingCode: string) => {
    const mailbox = (await call<MailboxEntry[]>(server, 'GET', '/api/mailbox', { token: admin.token })).body;
    return mailbox
      .filter((mail) => mail.kind === 'parcel-step' && mail.subject.includes(trackingCode))
      .reverse()
      .map(({ to, subject, text }) => ({ to, subject, text, code: text.match(/code (\d{6})/)?.[1] }));
  };
  const handoverPhotos = () => readdirSync(join(server.config.dataDir, 'handovers'));
  /** The latest code the recipient was sent, read from what the gateway took. */
  const codeSentFor = async (trackingCode: string) => {
    await server.app.smsWorker.deliverDue();
    const message = gateway.received.filter((sms) => sms.text.includes(trackingCode) && /code \d{6}/.test(sms.text)).at(-1);
    return message?.text.match(/code (\d{6})/)?.[1] ?? '';
  };

  it('tells the recipient by SMS when it is booked and when it goes out, with the code and the cash to pay', async () => {
    const code = await book();
    await toDeliveryHub(code);
    const out = await scan([code], 'out_for_delivery', { rider: rider.email });
    expect(out.body.results).toEqual([{ code, moved: true, status: 'out_for_delivery' }]);
    const deliveryCode = await codeSentFor(code);
    expect(deliveryCode).toMatch(/^\d{6}$/);
    const texts = gateway.received.filter((sms) => sms.text.includes(code));
    expect(texts.map((sms) => sms.to)).toEqual(['+8801812345678', '+8801812345678']);
    expect(texts[0]?.text).toMatch(
      new RegExp(`^SwiftCargo: Asha Rahman sent you parcel ${code}\\. Follow it at http://127\\.0\\.0\\.1:\\d+/track/${code}$`),
    );
    expect(texts[1]?.text).toBe(
      `SwiftCargo: parcel ${code} is out for delivery today. Give the rider the code ${deliveryCode} and pay ৳2,500.00.`,
    );
    expect(texts.every((sms) => sms.authorization === 'Bearer gateway-token' && sms.idempotencyKey)).toBe(true);

    // The rider's run lists it with the address, the phone and the cash; the other rider's does not.
    const run = await call<RunParcel[]>(server, 'GET', '/api/rider/run', { token: rider.token });
    expect(run.body.find((parcel) => parcel.trackingCode === code)).toMatchObject({
      recipient: { name: 'Karim Mia', phone: '01812345678', address: 'Station Road' },
      codAmount: 250_000,
      attempt: 1,
    });
    expect((await call<RunParcel[]>(server, 'GET', '/api/rider/run', { token: otherRider.token })).body).toEqual([]);
    expect((await call(server, 'GET', '/api/rider/run', { token: sender.token })).status).toBe(403);
    expect((await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 }, otherRider)).status).toBe(
      403,
    );

    // Less cash than due is not a delivery; the right code with the whole cash is.
    const short = await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 200_000 });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(
      'A delivery collects the whole cash to collect, ৳2,500.00: record less as a partial delivery.',
    );
    const delivered = await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 });
    expect(delivered.body).toEqual({ trackingCode: code, status: 'delivered' });
    const tracking = await call<Tracking>(server, 'GET', `/api/track/${code}`);
    expect(tracking.body.events.at(-1)?.message).toBe('Delivered.');
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    expect(row).toMatchObject({ codCollected: 250_000, deliveryCodeHash: null });
    await server.app.smsWorker.deliverDue();
    expect(gateway.received.at(-1)?.text).toBe(`SwiftCargo: parcel ${code} is delivered. Thank you.`);
  });

  it('records a failed attempt with its reason, and locks the code after five wrong tries', async () => {
    const code = await book();
    await toDeliveryHub(code);
    await scan([code], 'out_for_delivery', { rider: rider.email });
    const failed = await deliver(code, { outcome: 'failed', reason: 'unreachable' });
    expect(failed.body).toEqual({ trackingCode: code, status: 'delivery_failed' });
    await server.app.smsWorker.deliverDue();
    expect(gateway.received.at(-1)?.text).toMatch(
      new RegExp(`^SwiftCargo: we could not deliver parcel ${code} today: the recipient could not be reached\\. Follow it at `),
    );

    await scan([code], 'out_for_delivery', { rider: rider.email });
    const deliveryCode = await codeSentFor(code);
    const wrong = deliveryCode === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push(await deliver(code, { outcome: 'delivered', code: wrong, codCollected: 250_000 }));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 409]);
    expect(answers[0]?.body.error.message).toBe('That is not the recipient’s code: 4 tries left.');
    // Locked: the right code is refused too, and nothing moved.
    const locked = await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(
      'The delivery code was typed wrong 5 times and is locked: bring the parcel back to the hub.',
    );
    // Someone guessed: a photo of a handover does not get round the lock, and is not kept.
    const withPhoto = await deliverWithPhoto(code, { outcome: 'delivered', codCollected: '250000', receivedBy: 'Karim' });
    expect(withPhoto.status).toBe(409);
    expect(handoverPhotos()).toEqual([]);
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    expect(row).toMatchObject({ status: 'out_for_delivery', deliveryCodeTries: 5 });
  });

  it('delivers on a photo of the handover and who took it: kept re-encoded and private, shown to its sender and staff only', async () => {
    const code = await book();
    await toDeliveryHub(code);
    await scan([code], 'out_for_delivery', { rider: rider.email });
    const cash = { outcome: 'delivered', codCollected: '250000' };
    const noName = await deliverWithPhoto(code, cash);
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields).toEqual({ receivedBy: 'Type the name of the person who took the parcel.' });
    const noProof = await deliver(code, { outcome: 'delivered', codCollected: 250_000 });
    expect(noProof.body.error.fields).toEqual({
      code: 'Type the recipient’s 6-digit code, or take a photo of the handover and name who took it.',
    });
    expect(handoverPhotos()).toEqual([]);

    const delivered = await deliverWithPhoto(code, { ...cash, receivedBy: 'Salma Begum (neighbour)' });
    expect(delivered.body).toEqual({ trackingCode: code, status: 'delivered' });
    expect(handoverPhotos()).toHaveLength(1);
    const parcel = await call(server, 'GET', `/api/consignments/${code}`, { token: sender.token });
    expect(parcel.body.proofOfDelivery).toEqual({
      codCollected: 250_000,
      handedOver: null,
      receivedBy: 'Salma Begum (neighbour)',
      photoUrl: `${server.url}/api/consignments/${code}/handover-photo`,
    });
    const photoAs = (token?: string) =>
      fetch(parcel.body.proofOfDelivery.photoUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const seen = await photoAs(sender.token);
    expect([seen.status, seen.headers.get('content-type'), seen.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'private, max-age=86400, immutable',
    ]);
    const photo = await sharp(Buffer.from(await seen.arrayBuffer())).metadata();
    expect([photo.format, photo.width, photo.exif]).toEqual(['webp', 1600, undefined]);
    expect((await photoAs(admin.token)).status).toBe(200);
    expect((await photoAs(otherRider.token)).status).toBe(404);
    expect((await photoAs()).status).toBe(401);
    // Not a public upload, and not part of the public tracking.
    expect((await fetch(`${server.url}/uploads/${handoverPhotos()[0]}`)).status).toBe(404);
    const tracking = await call(server, 'GET', `/api/track/${code}`);
    expect(JSON.stringify(tracking.body)).not.toContain('Salma');
  });

  it('takes a partial delivery with the cash taken and what was handed over; the code in Bengali digits too', async () => {
    const code = await book();
    await toDeliveryHub(code);
    await scan([code], 'out_for_delivery', { rider: rider.email });
    const deliveryCode = await codeSentFor(code);
    const bengali = deliveryCode.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    const tooMuch = await deliver(code, {
      outcome: 'partial',
      code: bengali,
      codCollected: 300_000,
      handedOver: 'One of two boxes',
    });
    expect(tooMuch.status).toBe(400);
    const partial = await deliver(code, {
      outcome: 'partial',
      code: bengali,
      codCollected: 120_000,
      handedOver: 'One of two boxes',
    });
    expect(partial.body).toEqual({ trackingCode: code, status: 'partially_delivered' });
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    expect(row).toMatchObject({ codCollected: 120_000, deliveryNote: 'One of two boxes' });
  });

  it('mails the sender at each step, and never the recipient’s code', async () => {
    const code = await book();
    await toDeliveryHub(code);
    await scan([code], 'out_for_delivery', { rider: rider.email });
    await deliver(code, { outcome: 'failed', reason: 'refused' });
    await scan([code], 'out_for_delivery', { rider: rider.email });
    const deliveryCode = await codeSentFor(code);
    await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 250_000 });
    const mails = await parcelMailsAbout(code);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [sender.email, `Parcel ${code} is booked — SwiftCargo`],
      [sender.email, `Parcel ${code} is out for delivery — SwiftCargo`],
      [sender.email, `Parcel ${code} could not be delivered today — SwiftCargo`],
      [sender.email, `Parcel ${code} is out for delivery — SwiftCargo`],
      [sender.email, `Parcel ${code} is delivered — SwiftCargo`],
    ]);
    expect(mails.map((mail) => mail.code)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(mails[2]?.text).toContain('Our rider could not deliver your parcel to Karim Mia: the recipient refused it.');
    expect(mails[4]?.text).toContain('Karim Mia received your parcel. Cash collected: ৳2,500.00.');
    expect(mails[4]?.text).toContain(`/dashboard/parcels/${code}`);
  });

  it('sends each message once through gateway refusals, retrying with backoff', async () => {
    await server.app.smsWorker.deliverDue();
    const code = await book();
    const round = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await server.app.smsWorker.deliverDue();
    };
    gateway.refuseNext(2);
    await round();
    await round();
    const [refused] = await server.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.kind, 'parcel-booked'))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1);
    expect(refused).toMatchObject({ deliveredAt: null, attempts: 2, lastError: 'the SMS gateway answered 503 gateway down' });
    await round();
    await round();
    expect(gateway.received.filter((sms) => sms.text.includes(code))).toHaveLength(1);
    const [sent] = await server.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.id, refused?.id ?? ''));
    expect(sent).toMatchObject({ deliveredBy: 'gateway', attempts: 3, lastError: null });
  });

  it('ships a paid shop order with SwiftCargo, from the warehouse with no fee; the order is delivered with its parcel', async () => {
    const product = await addProduct(server, admin);
    const buyer = await signUpCustomer(server, { name: 'Nadia Islam' });
    const placed = await placeOrder(server, buyer, product._id, 1, {
      shippingAddress: { name: 'Nadia Islam', address: 'Flat 3B, Road 11, Uttara', phone: '+880 1912-345678' },
    });
    const orderId = placed.body._id;
    const shipWithUs = (body: unknown, who = admin) =>
      call<Booking>(server, 'POST', `/api/admin/orders/${orderId}/ship-with-us`, { token: who.token, body });
    const parcel = { service: 'express', areaId: 'Uttara West, Dhaka', weightGrams: 2000 };
    expect((await shipWithUs(parcel)).status).toBe(409);
    await payWithTestCard(server, buyer, orderId);
    expect((await shipWithUs(parcel, buyer)).status).toBe(403);
    const shipped = await shipWithUs(parcel);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    const code = shipped.body.trackingCode;
    const order = await call(server, 'GET', `/api/orders/number/${placed.body.number}`, { token: buyer.token });
    expect(order.body).toMatchObject({ status: 'shipped', carrier: 'SwiftCargo', trackingNumber: code });
    const [row] = await server.db.select().from(consignments).where(eq(consignments.trackingCode, code));
    expect(row).toMatchObject({
      orderId,
      feePayment: 'shop',
      pickupAreaId: 'dhaka-tejgaon-industrial-area',
      recipientName: 'Nadia Islam',
      recipientPhone: '01912345678',
      recipientAddress: 'Flat 3B, Road 11, Uttara',
      merchantInvoice: placed.body.number,
    });
    // Shipped once: the order has left.
    expect((await shipWithUs(parcel)).status).toBe(409);

    await toDeliveryHub(code);
    await scan([code], 'out_for_delivery', { rider: rider.email });
    const deliveryCode = await codeSentFor(code);
    // The buyer, the recipient, is mailed the code too; the shop, its sender, gets no parcel mail.
    expect(await parcelMailsAbout(code)).toMatchObject([
      { to: buyer.email, subject: `Your parcel ${code} arrives today — SwiftCargo`, code: deliveryCode },
    ]);
    expect((await deliver(code, { outcome: 'delivered', code: deliveryCode, codCollected: 0 })).body.status).toBe('delivered');
    const after = await call(server, 'GET', `/api/orders/number/${placed.body.number}`, { token: buyer.token });
    expect(after.body.status).toBe('delivered');
    expect(after.body.timeline.at(-1)).toMatchObject({ by: 'SwiftCargo', from: 'shipped', to: 'delivered' });
  });

  it('shows admins the network: by status and hub, stuck parcels, failed attempts by reason, and cash with riders until handed in', async () => {
    const waiting = await book();
    await scan([waiting], 'picked_up');
    await scan([waiting], 'at_hub', { hub: 'dhaka' });
    await server.db
      .update(consignments)
      .set({ statusChangedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
      .where(eq(consignments.trackingCode, waiting));
    const view = async () => (await call<Operations>(server, 'GET', '/api/admin/operations', { token: admin.token })).body;
    const before = await view();
    expect(before.byStatus).toContainEqual({ status: 'delivered', count: 4 });
    expect(before.byHub).toContainEqual({ hub: 'dhaka', status: 'at_hub', count: 1 });
    expect(before.stuck.map((parcel) => parcel.trackingCode)).toEqual([waiting]);
    expect(before.stuckAfterHours).toBe(48);
    expect(before.failedByReason).toEqual([
      { reason: 'refused', count: 1 },
      { reason: 'unreachable', count: 1 },
    ]);
    expect(before.cashWithRiders).toEqual([{ rider: { name: 'Rider One', email: rider.email }, parcels: 4, amount: 870_000 }]);
    expect((await call(server, 'GET', '/api/admin/operations', { token: rider.token })).status).toBe(403);

    const handedIn = await call(server, 'POST', '/api/ops/cash-handins', {
      token: admin.token,
      body: { rider: rider.email, counted: 870_000 },
    });
    expect(handedIn.body).toEqual({ parcels: 4, amount: 870_000, counted: 870_000, difference: 0 });
    expect((await view()).cashWithRiders).toEqual([]);
  });
});
