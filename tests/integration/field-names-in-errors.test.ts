import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_FEE_PAYMENTS } from '#shared/consignment.ts';
import { SERVICES } from '#shared/parcel-services.ts';
import { call, type SignedInCustomer, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type Refusal = { error: { message: string; fields: Record<string, string> } };

/**
 * Issue 42 item 6: a refused booking names each field as the form labels it, in the request's language,
 * in sentence case ("Delivery area is required"), never by its key ("recipient area", `weightGrams`).
 */
describe('a booking with missing and wrong fields names them in the request’s language', () => {
  let server: TestServer;
  let sender: SignedInCustomer;
  beforeAll(async () => {
    server = await startTestServer();
    sender = await signUpCustomer(server);
  });
  afterAll(() => server?.stop());

  const book = (language: string) =>
    call<Refusal>(server, 'POST', '/api/consignments', {
      token: sender.token,
      headers: { 'accept-language': language },
      body: {
        service: 'by-pigeon',
        pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: '' },
        recipient: { name: '', phone: '', address: '', areaId: '' },
        weightGrams: 'heavy',
        codAmount: -5,
        feePayment: 'cheque',
      },
    });

  it('in Bangla: every message is Bangla, with the form’s field labels and no field key', async () => {
    const refused = await book('bn');
    expect(refused.status).toBe(400);
    const { fields } = refused.body.error;
    expect(fields['recipient.areaId']).toBe('ডেলিভারির এলাকা দিতে হবে');
    expect(fields['pickup.areaId']).toBe('পিকআপের এলাকা দিতে হবে');
    expect(fields.weightGrams).toBe('ওজন গ্রামে একটি পূর্ণসংখ্যা হতে হবে');
    expect(Object.keys(fields).length).toBeGreaterThanOrEqual(8);
    // No English word but the values a client sends ("express", "cod"): a key ("weightGrams", "recipient area") would be one.
    const values = new RegExp(`\\b(${[...SERVICES, ...SENDER_FEE_PAYMENTS].join('|')})\\b`, 'g');
    for (const [field, message] of Object.entries(fields))
      expect(`${field}: ${message.replace(values, '')}`).not.toMatch(/: .*[A-Za-z]/);
  });

  it('in English: every message begins with a capital, names the form’s label, never a field key', async () => {
    const refused = await book('en');
    expect(refused.status).toBe(400);
    const { fields } = refused.body.error;
    expect(fields['recipient.areaId']).toBe('Delivery area is required');
    expect(fields['pickup.areaId']).toBe('Pickup area is required');
    expect(fields.weightGrams).toBe('Weight must be a whole number of grams');
    expect(fields.codAmount).toBe('Cash to collect must not be negative');
    for (const message of Object.values(fields)) {
      expect(message).toMatch(/^[A-Z]/);
      expect(message).not.toMatch(/\b[a-z]+[A-Z]\w*/);
    }
  });
});
