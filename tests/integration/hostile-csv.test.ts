import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_READER_MESSAGES } from '#server/http/csv-reader.ts';
import { bulkBookingFile } from '../helpers/bulk-file.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { type NpmStartedServer, npmStart } from '../helpers/npm-start.ts';
import { type SignedInCustomer, signInAdmin } from '../helpers/shop-client.ts';
import { RELAXED_LIMITS, TEST_ADMIN } from '../helpers/test-server.ts';

const MB = 1024 * 1024;
const HEADER = 'invoice,recipient_name,phone,address,area,weight_kg,cod_taka,note';

/**
 * Issue 39 item 1: files within the 5 MB a bulk booking takes, laid out to make a CSV reader build huge
 * cells or lines. Under `npm start`'s 128 MB heap (decision 36) the reader that built each cell a
 * character at a time ended the whole process on the first of them.
 */
const HOSTILE_FILES: [shape: string, file: string, refusal: Record<string, string>][] = [
  ['a 2 MB cell on line 2', `${HEADER}\r\nINV,${'a'.repeat(2 * MB)}\r\n`, { 'line 2': CSV_READER_MESSAGES.lineTooLong }],
  [
    'a 4.5 MB quoted cell of many lines, from line 3',
    `${bulkBookingFile(1)}INV,"${'aaaaaaaaa\n'.repeat(0.45 * MB)}"\r\n`,
    { 'line 3': CSV_READER_MESSAGES.lineTooLong },
  ],
  [
    'a 4.5 MB line of empty cells on line 2',
    `${HEADER}\r\n${','.repeat(4.5 * MB)}\r\n`,
    { 'line 2': CSV_READER_MESSAGES.tooManyCells },
  ],
];

describe('a hostile CSV file is refused by its line, and the server lives on (issue 39 item 1, decision 98)', () => {
  let server: NpmStartedServer;
  let merchant: SignedInCustomer;
  beforeAll(async () => {
    server = await npmStart({ ...RELAXED_LIMITS, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    merchant = await signInAdmin(server);
    await approvedMerchant(server, merchant, merchant);
  }, 180_000);
  afterAll(() => server?.stop());

  async function upload(file: Uint8Array<ArrayBuffer> | string) {
    const form = new FormData();
    form.set('service', 'standard');
    form.set('pickup', '0');
    form.set('file', new Blob([file], { type: 'text/csv' }), 'parcels.csv');
    const answer = await fetch(`${server.url}/api/merchant/bulk-bookings`, {
      method: 'POST',
      headers: { origin: server.url, authorization: `Bearer ${merchant.token}` },
      body: form,
    }).catch(() => undefined);
    if (!answer) return { status: 0, fields: {} };
    const body = (await answer.json()) as { error?: { fields: Record<string, string> } };
    return { status: answer.status, fields: body.error?.fields ?? {} };
  }

  let goodFiles = 0;
  it.each(HOSTILE_FILES)('%s', async (shape, file, refusal) => {
    const refused = await upload(file);
    expect(server.running(), `the server died on ${shape}:\n${server.output()}`).toBe(true);
    expect(refused.status).toBe(400);
    expect(refused.fields).toEqual(refusal);
    // The same merchant books the next good file at once (numbered on from the last, decision 113).
    goodFiles += 1;
    expect((await upload(bulkBookingFile(2, {}, `GOOD${goodFiles}-`))).status).toBe(201);
  });

  it('a cell over the limit within a short line, and bytes that are not UTF-8, are refused naming their line', async () => {
    expect((await upload(`${HEADER}\r\nINV,${'a'.repeat(1001)}\r\n`)).fields).toEqual({
      'line 2': CSV_READER_MESSAGES.cellTooLong,
    });
    // Latin-1's "é" where UTF-8 was expected: nothing is booked under a name with a U+FFFD in it.
    const good = bulkBookingFile(3);
    const latin1 = new Uint8Array(
      Buffer.concat([Buffer.from(good.slice(0, -30)), Buffer.from([0xe9]), Buffer.from(good.slice(-30))]),
    );
    expect((await upload(latin1)).fields).toEqual({ 'line 4': CSV_READER_MESSAGES.notUtf8 });
    const bad = bulkBookingFile(3, { 1: { phone: '0123' } });
    const late = `${bad}INV,"never closed\r\n`;
    const refused = await upload(late);
    expect(Object.keys(refused.fields)).toEqual(['line 2', 'line 5']);
    expect(refused.fields['line 5']).toBe(CSV_READER_MESSAGES.quoteNotClosed);
  });
});
