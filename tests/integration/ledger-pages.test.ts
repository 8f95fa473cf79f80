import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantLedger } from '#server/db/schema.ts';
import { LIMITS } from '#shared/limits.ts';
import type { LedgerPage, MerchantList } from '#shared/merchant.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Lines of the merchant's history: three a minute, two of them at the same instant, the third a microsecond later. */
const LINES = 1000;
/** Merchants for admin Merchants: more than two of its pages. */
const MERCHANTS = 250;

/**
 * Issue 40: the ledger's pages by keyset and its periods by the shop's midnights (decision 120), and admin
 * Merchants a page at a time with the page's balances in one query (decision 122).
 */
describe.each(testDatabaseKinds())('ledger and admin Merchants pages at any depth (R-LEDGER, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let owner: SignedInCustomer;
  let merchantId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    owner = await signUpCustomer(server);
    merchantId = (await approvedMerchant(server, admin, owner)).id;
    // Corrections need no parcel: the history is written set-based, as a year of deliveries would be.
    await server.db.execute(sql`
      insert into merchant_ledger (merchant_id, kind, amount, note, created_at)
      select ${merchantId}, 'correction', line, 'line ' || line,
        timestamptz '2026-01-01 00:00:00+00' + (line / 3) * interval '1 minute' + (line % 3 / 2) * interval '1 microsecond'
      from generate_series(1, ${LINES}) line`);
  }, 120_000);
  afterAll(() => server?.stop());

  const ledger = async (query = '') => {
    const answer = await call<LedgerPage>(server, 'GET', `/api/merchant/ledger${query}`, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const notes = (page: LedgerPage) => page.lines.map((line) => line.note);

  it('walks the whole history older and back newer, every line once, while new lines arrive', async () => {
    const seen: (string | null)[] = [];
    let page = await ledger();
    expect(page.newer).toBeNull();
    // A line booked after the first page is read belongs above it: the walk down neither shows nor repeats it.
    await server.db.execute(
      sql`insert into merchant_ledger (merchant_id, kind, amount, note) values (${merchantId}, 'correction', 1, 'new')`,
    );
    for (;;) {
      expect(page.lines.length).toBeLessThanOrEqual(LIMITS.ledgerPageSize);
      seen.push(...notes(page));
      if (page.older === null) break;
      page = await ledger(`?before=${page.older}`);
    }
    // Newest first, lines of one instant newest id first: the order the history was written in, reversed.
    expect(seen).toEqual(Array.from({ length: LINES }, (_, index) => `line ${LINES - index}`));

    const climbed: (string | null)[] = [];
    while (page.newer !== null) {
      page = await ledger(`?after=${page.newer}`);
      climbed.unshift(...notes(page));
    }
    expect(climbed[0]).toBe('new');
    expect(climbed.slice(1)).toEqual(seen.slice(0, climbed.length - 1));
    expect(notes(await ledger())).toEqual(climbed.slice(0, LIMITS.ledgerPageSize));
  });

  it('a period is the shop’s days from its midnight, and another merchant’s line bounds nothing', async () => {
    // Midnight in Dhaka (UTC+6) is 18:00 UTC the day before: the last instant of 2 January and the first of the 3rd.
    await server.db.execute(sql`
      insert into merchant_ledger (merchant_id, kind, amount, note, created_at) values
        (${merchantId}, 'correction', 1, 'last of the 2nd', '2026-01-02 17:59:59.999999+00'),
        (${merchantId}, 'correction', 1, 'first of the 3rd', '2026-01-02 18:00:00+00')`);
    const day = async (from: string, to: string) => notes(await ledger(`?from=${from}&to=${to}`));
    expect(await day('2026-01-02', '2026-01-02')).toEqual(['last of the 2nd']);
    expect(await day('2026-01-03', '2026-01-03')).toEqual(['first of the 3rd']);
    // The history began at 06:00 on 1 January in Dhaka: nothing the day before, all of it that day.
    expect(await day('2025-12-31', '2025-12-31')).toEqual([]);
    expect((await day('2026-01-01', '2026-01-01'))[0]).toBe(`line ${LINES}`);

    const other = await signUpCustomer(server);
    const theirs = await approvedMerchant(server, admin, other);
    const [line] = await server.db
      .insert(merchantLedger)
      .values({ merchantId: theirs.id, kind: 'correction', amount: 1, note: 'theirs' })
      .returning({ id: merchantLedger.id });
    const bounded = await ledger(`?before=${line?.id}`);
    expect(bounded.lines).toEqual([]);
  });

  it('lists the merchants a page at a time, each page’s balances from one query of the kept balances', async () => {
    await server.db.execute(sql`
      insert into merchants (business_name, pickup_addresses, payout_method, status, applied_at)
      select 'Shop ' || shop, '[]', '{"kind":"wallet","wallet":"bkash","number":"01711000000"}', 'approved',
        timestamptz '2026-01-01 00:00:00+00' + (shop / 2) * interval '1 hour'
      from generate_series(1, ${MERCHANTS}) shop`);
    await server.db.execute(sql`
      insert into merchant_ledger (merchant_id, kind, amount, note)
      select merchants.id, 'correction', line * 100, 'opening'
      from merchants cross join generate_series(1, 3) line
      where merchants.business_name like 'Shop %'`);
    const client = (server.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    const shops = new Map<string, { name: string; balance: number }>();
    let after = '';
    let listed = 0;
    for (let pages = 1; ; pages++) {
      queries.mockClear();
      const list = await call<MerchantList>(server, 'GET', `/api/admin/merchants?status=approved${after}`, {
        token: admin.token,
      });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      // The page's balances in one query of the kept balances, none of the ledger's lines (decision 151).
      const reads = (table: string) => queries.mock.calls.filter((args) => JSON.stringify(args).includes(table));
      expect(reads('merchant_balances')).toHaveLength(1);
      expect(reads('merchant_ledger')).toHaveLength(0);
      expect(list.body.merchants.length).toBeLessThanOrEqual(LIMITS.adminMerchantsPageSize);
      listed += list.body.merchants.length;
      for (const merchant of list.body.merchants)
        shops.set(merchant.id, { name: merchant.businessName, balance: merchant.balance });
      if (list.body.next === null) break;
      expect(pages).toBeLessThan(10);
      after = `&after=${list.body.next}`;
    }
    queries.mockRestore();
    // Every merchant once, each shop owed its three lines: 100 + 200 + 300 poisha.
    expect(shops.size).toBe(listed);
    const opened = [...shops.values()].filter((shop) => shop.name.startsWith('Shop '));
    expect(opened).toHaveLength(MERCHANTS);
    expect(opened.every((shop) => shop.balance === 600)).toBe(true);
  });
});
