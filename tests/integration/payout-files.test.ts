import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import type { PayoutFiles, PayoutResultImport } from '#shared/payout-files.ts';
import type { PayoutRun } from '#shared/payout-run.ts';
import { MERCHANT_APPLICATION, makePayoutsNow } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { withoutPostgres } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Agrani Bank's Badhal Bazar branch, in Bangladesh Bank's list. */
const ROUTING = '010010048';

/**
 * 600 merchants paid by bKash and 400 by bank (with a routing number), each owing three lines from
 * yesterday, and one more bank merchant from before routing numbers were asked: written set-based.
 */
async function thousandMerchantsOwing(db: Database) {
  await db.execute(sql`
    insert into merchants (business_name, pickup_addresses, payout_method, status)
    select 'Merchant ' || lpad(n::text, 5, '0'), '[]'::jsonb,
      case when n <= 600
        then jsonb_build_object('kind', 'wallet', 'wallet', 'bkash', 'number', '0171' || lpad(n::text, 7, '0'))
        else jsonb_build_object('kind', 'bank', 'bankName', 'Agrani Bank', 'branch', 'Badhal Bazar',
          'accountName', 'Merchant ' || n, 'accountNumber', '2050' || lpad(n::text, 9, '0'), 'routingNumber', ${ROUTING}::text)
      end, 'approved'
    from generate_series(1, 1000) n`);
  await db.execute(sql`
    insert into merchants (business_name, pickup_addresses, payout_method, status)
    values ('Old Bank Merchant', '[]'::jsonb, '{"kind":"bank","bankName":"Sonali Bank","branch":"Motijheel","accountName":"Old","accountNumber":"1234567890"}'::jsonb, 'approved')`);
  await db.execute(sql`
    insert into merchant_ledger (merchant_id, kind, amount, note, created_at)
    select m.id, 'correction', 1000 + (line * 37 + length(m.business_name)) % 5000, 'owed', now() - interval '1 day'
    from merchants m cross join generate_series(1, 3) line`);
}

async function download(server: TestServer, admin: SignedInCustomer, path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${admin.token}` } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

async function upload(server: TestServer, admin: SignedInCustomer, csv: string) {
  const response = await fetch(`${server.url}/api/admin/payouts/results`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv', origin: server.url },
    body: csv,
  });
  return {
    status: response.status,
    body: (await response.json()) as PayoutResultImport & { error?: { fields?: Record<string, string> } },
  };
}

const lines = (csv: string) => csv.trimEnd().split('\r\n');

describe.skipIf(withoutPostgres())('payout files and their results (issue 45, R-PAYOUT-FILES, needs PostgreSQL)', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let run: PayoutRun;
  let bkash: string[];
  let beftn: string[];

  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' });
    admin = await signInAdmin(server);
    await thousandMerchantsOwing(server.db);
    run = await makePayoutsNow(server, admin, 600_000);
  }, 900_000);
  afterAll(async () => server?.stop());

  it('writes the bKash sheet and the BEFTN file of the run, leaving out the bank account with no routing number', async () => {
    const files = await call<PayoutFiles>(server, 'GET', `/api/admin/payouts/runs/${run.day}/files`, { token: admin.token });
    expect(files.status).toBe(200);
    const [owed] = await rowsOf<{ bkash: number; beftn: number }>(
      server.db,
      sql`select sum(p.amount) filter (where m.payout_method->>'kind' = 'wallet')::float8 as bkash,
        sum(p.amount) filter (where m.payout_method ? 'routingNumber')::float8 as beftn
        from payouts p join merchants m on m.id = p.merchant_id`,
    );
    expect(files.body.files).toEqual([
      { kind: 'bkash', payouts: 600, amount: owed?.bkash },
      { kind: 'nagad', payouts: 0, amount: 0 },
      { kind: 'rocket', payouts: 0, amount: 0 },
      { kind: 'beftn', payouts: 400, amount: owed?.beftn },
    ]);
    expect(files.body.needsRoutingNumber).toEqual([
      expect.objectContaining({ merchant: expect.objectContaining({ businessName: 'Old Bank Merchant' }) }),
    ]);

    const sheet = await download(server, admin, `/api/admin/payouts/runs/${run.day}/files/bkash`);
    expect(sheet.status).toBe(200);
    expect(sheet.type).toContain('text/csv');
    bkash = lines(sheet.text);
    expect(bkash[0]).toBe('Wallet Number,Amount,Reference');
    expect(bkash).toHaveLength(601);
    expect(bkash[1]).toMatch(/^0171\d{7},\d+\.\d{2},PO-\d+$/);
    const takaSum = bkash.slice(1).reduce((total, line) => total + Math.round(Number(line.split(',')[1]) * 100), 0);
    expect(takaSum).toBe(owed?.bkash);

    const bank = await download(server, admin, `/api/admin/payouts/runs/${run.day}/files/beftn`);
    beftn = lines(bank.text);
    expect(beftn[0]).toBe(
      'Receiver Name,Receiver Account Number,Receiver Routing Number,Receiver Bank,Receiver Branch,Amount,Payment Reference',
    );
    expect(beftn).toHaveLength(401);
    expect(beftn[1]).toMatch(new RegExp(`^Merchant \\d+,2050\\d{9},${ROUTING},Agrani Bank,Badhal Bazar,\\d+\\.\\d{2},PO-\\d+$`));
    expect(beftn.join('\n')).not.toContain('Old Bank Merchant');
  });

  it('marks 997 paid and returns 3 failed to their balances from the result file; the same file again changes nothing', async () => {
    const references = [...bkash.slice(1), ...beftn.slice(1)].map((line) => line.split(',').at(-1) as string);
    expect(references).toHaveLength(1000);
    const failing = [references[5], references[600], references[999]] as string[];
    const result = [
      'Reference,Status,Transaction ID,Reason',
      ...references.map((reference, index) =>
        failing.includes(reference) ? `${reference},Failed,,Wallet not found` : `${reference},Success,TX${index}A,`,
      ),
    ].join('\r\n');

    // A file with one bad line is refused whole: nothing is marked.
    const bad = await upload(server, admin, result.replace(`${references[7]},Success`, `${references[7]},Maybe`));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {})).toEqual(['line 9']);
    const [before] = await rowsOf<{ settled: number }>(
      server.db,
      sql`select count(*)::int as settled from payouts where paid_at is not null or failed_at is not null`,
    );
    expect(before?.settled).toBe(0);

    const imported = await upload(server, admin, result);
    expect(imported.status).toBe(200);
    const [failedOwed] = await rowsOf<{ amount: number }>(
      server.db,
      sql`select sum(amount)::float8 as amount from payouts where number = any(${sql.param(failing.map((reference) => Number(reference.slice(3))))}::int[])`,
    );
    expect(imported.body).toEqual({ paid: 997, failed: 3, unchanged: 0, returned: failedOwed?.amount });

    const owedAgain = await rowsOf<{ number: number; amount: number; owed: number; paid: boolean }>(
      server.db,
      sql`select p.number, p.amount::float8 as amount, p.paid_at is not null as paid,
        (select sum(l.amount)::float8 from merchant_ledger l where l.merchant_id = p.merchant_id and l.payout_id is null) as owed
        from payouts p where p.failed_at is not null order by p.number`,
    );
    expect(owedAgain.map((row) => `PO-${row.number}`).sort()).toEqual([...failing].sort());
    for (const row of owedAgain) expect(row.owed).toBe(row.amount);
    const [paid] = await rowsOf<{ paid: number }>(
      server.db,
      sql`select count(*)::int as paid from payouts where paid_at is not null and reference like 'TX%'`,
    );
    expect(paid?.paid).toBe(997);

    const again = await upload(server, admin, result);
    expect(again.body).toEqual({ paid: 0, failed: 0, unchanged: 1000, returned: 0 });
    const [lines] = await rowsOf<{ corrections: number }>(
      server.db,
      sql`select count(*)::int as corrections from merchant_ledger where returns_payout_id is not null`,
    );
    expect(lines?.corrections).toBe(3);

    // Nothing is left to transfer in the run's files but the bank account without a routing number's.
    const files = await call<PayoutFiles>(server, 'GET', `/api/admin/payouts/runs/${run.day}/files`, { token: admin.token });
    expect(files.body.files.every((file) => file.payouts === 0)).toBe(true);
  });

  it('refuses a bank account whose routing number is not in Bangladesh Bank’s list', async () => {
    const applicant = await signUpCustomer(server);
    const bank = {
      kind: 'bank',
      bankName: 'Agrani Bank',
      branch: 'Badhal Bazar',
      accountName: 'Asha',
      accountNumber: '20501234567',
    } as const;
    const apply = (routingNumber?: string) =>
      call(server, 'POST', '/api/merchant/application', {
        token: applicant.token,
        body: { ...MERCHANT_APPLICATION, payoutMethod: { ...bank, routingNumber } },
      });
    expect((await apply()).status).toBe(400);
    const unknown = await apply('999999999');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty(['payoutMethod.routingNumber']);
    expect((await apply(ROUTING)).status).toBe(201);
  });
});
