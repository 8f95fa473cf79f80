import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consignmentEvents, consignments } from '#server/db/schema.ts';
import type { Bag, BagParcelPage, BagScanAnswer } from '#shared/bag.ts';
import type { Booking } from '#shared/consignment.ts';
import { parcelsAtHub } from '../helpers/bags.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { STANDARD_PARCEL } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Issue 43, R-BAGS: bags between hubs, each parcel moved with its bag by its own move and event. */
describe.each(testDatabaseKinds())('bags between hubs (%s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let operator: SignedInCustomer;
  let merchant: SignedInCustomer;
  let booked: string;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signInAdmin(server);
    merchant = await signUpCustomer(server, { name: 'Asha Rahman' });
    await approvedMerchant(server, admin, merchant);
    operator = await signUpCustomer(server, { name: 'Hub Operator' });
    await call(server, 'PUT', `/api/admin/users/${operator.email}/role`, { token: admin.token, body: { role: 'operator' } });
    booked = (await call<Booking>(server, 'POST', '/api/consignments', { token: merchant.token, body: STANDARD_PARCEL })).body
      .trackingCode;
  });
  afterAll(() => server?.stop());

  // biome-ignore lint/suspicious/noExplicitAny: an answer is read as loosely as a client script would (shop-client.ts)
  const ops = <T = any>(method: string, path: string, body?: unknown, who = operator) =>
    call<T>(server, method, path, { token: who.token, body });
  const open = async (origin = 'dhaka', destination = 'chattogram') =>
    (await ops<Bag>('POST', '/api/ops/bags', { origin, destination })).body;
  const add = (bag: Bag, codes: string[]) => ops<BagScanAnswer>('POST', `/api/ops/bags/${bag.code}/parcels`, { codes });
  const statuses = async (codes: string[]) =>
    (
      await server.db
        .select({ status: consignments.status, hub: consignments.hub })
        .from(consignments)
        .where(inArray(consignments.trackingCode, codes))
    ).map((row) => `${row.status}@${row.hub}`);
  const eventsOf = async (code: string) =>
    (
      await server.db
        .select({ status: consignmentEvents.status, hub: consignmentEvents.hub, note: consignmentEvents.note })
        .from(consignmentEvents)
        .innerJoin(consignments, eq(consignments.id, consignmentEvents.consignmentId))
        .where(eq(consignments.trackingCode, code))
        .orderBy(asc(consignmentEvents.id))
    ).map((event) => `${event.status}@${event.hub}:${event.note}`);
  const allPages = async (bag: Bag, show: string) => {
    const codes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `show=${show}${cursor ? `&cursor=${cursor}` : ''}`;
      const page: BagParcelPage = (await ops<BagParcelPage>('GET', `/api/ops/bags/${bag.code}/parcels?${query}`)).body;
      codes.push(...page.parcels.map((parcel) => parcel.trackingCode));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    return { codes, pages };
  };

  it('is for operators and admins only, and goes to another hub', async () => {
    for (const who of [merchant])
      expect((await ops('POST', '/api/ops/bags', { origin: 'dhaka', destination: 'sylhet' }, who)).status).toBe(403);
    expect((await call(server, 'GET', '/api/ops/bags')).status).toBe(401);
    const same = await ops('POST', '/api/ops/bags', { origin: 'dhaka', destination: 'dhaka' });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({
      destination: 'A bag goes to another hub: choose a destination other than its origin.',
    });
    const bag = await open();
    expect(bag).toMatchObject({ origin: 'dhaka', destination: 'chattogram', status: 'open', parcels: 0 });
    expect(bag.code).toMatch(/^BG[0-9A-Z]{9}$/);
    expect((await call(server, 'GET', `/api/ops/bags/${bag.code}`, { token: merchant.token })).status).toBe(403);
    expect((await ops('GET', `/api/ops/bags/${bag.code}`)).body).toEqual(bag);
    // A NUL, a parcel's code or a mistyped bag code: no such bag, never a 500.
    for (const typed of ['BG%00', booked, `${bag.code.slice(0, -1)}${bag.code.endsWith('0') ? '1' : '0'}`])
      expect((await ops('GET', `/api/ops/bags/${typed}`)).status).toBe(404);
  });

  it('takes a parcel at its hub that could leave it, and answers every other code with why', async () => {
    const [atDhaka, atSylhet] = [
      ...(await parcelsAtHub(server.db, booked, 1, 'dhaka')),
      ...(await parcelsAtHub(server.db, booked, 1, 'sylhet')),
    ];
    const bag = await open();
    const answer = await add(bag, [atDhaka as string, atSylhet as string, booked, 'SC123', ` ${atDhaka?.toLowerCase()} `]);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { code: atDhaka, done: true },
      { code: atSylhet, done: false, problem: 'This parcel is not at this bag’s hub: scan it in at the hub first.' },
      { code: booked, done: false, problem: 'A parcel that is booked cannot be marked in transit.' },
      { code: 'SC123', done: false, problem: 'No parcel has this tracking code. Check it on your receipt or label.' },
      { code: atDhaka, done: false, problem: 'This parcel is already in this bag.' },
    ]);
    expect(answer.body.bag.parcels).toBe(1);
    // One parcel, one bag: the second bag is told which has it.
    const other = await open('dhaka', 'sylhet');
    expect((await add(other, [atDhaka as string])).body.results).toEqual([
      { code: atDhaka, done: false, problem: `This parcel is already in bag ${bag.code}.` },
    ]);
    // In Bangla too.
    const bangla = await call<BagScanAnswer>(server, 'POST', `/api/ops/bags/${other.code}/parcels`, {
      token: operator.token,
      headers: { 'accept-language': 'bn' },
      body: { codes: [atDhaka] },
    });
    expect(bangla.body.results[0]?.problem).toMatch(/[\u0980-\u09FF]/);
    expect(bangla.body.results[0]?.problem).toContain(bag.code);
  });

  it('is closed with parcels only, takes none while closed, and gives one back while open', async () => {
    const bag = await open();
    expect((await ops('POST', `/api/ops/bags/${bag.code}/close`)).body.error.message).toBe(
      'An empty bag cannot be closed: scan its parcels first.',
    );
    const [first, second] = await parcelsAtHub(server.db, booked, 2, 'dhaka');
    await add(bag, [first as string, second as string]);
    expect((await ops<Bag>('POST', `/api/ops/bags/${bag.code}/close`)).body).toMatchObject({ status: 'closed', parcels: 2 });
    const closed = await add(bag, [first as string]);
    expect(closed.status).toBe(409);
    expect((await ops('DELETE', `/api/ops/bags/${bag.code}/parcels/${first}`)).status).toBe(409);
    expect((await ops<Bag>('POST', `/api/ops/bags/${bag.code}/reopen`)).body.status).toBe('open');
    expect((await ops<Bag>('DELETE', `/api/ops/bags/${bag.code}/parcels/${first}`)).body.parcels).toBe(1);
    expect((await ops('DELETE', `/api/ops/bags/${bag.code}/parcels/${first}`)).status).toBe(404);
    expect((await ops('DELETE', `/api/ops/bags/${bag.code}/parcels/%00`)).status).toBe(404);
    // Taken out, it may go in another bag.
    expect((await add(await open('dhaka', 'khulna'), [first as string])).body.results[0]?.done).toBe(true);
  });

  it('sends 200 parcels in one scan and receives them in one, each with its events; the one not scanned out is missing, a stray one extra', async () => {
    const codes = await parcelsAtHub(server.db, booked, 200, 'dhaka');
    const bag = await open();
    expect((await add(bag, codes)).body.bag.parcels).toBe(200);
    await ops('POST', `/api/ops/bags/${bag.code}/close`);
    // Its parcels are read a page at a time, each once.
    const listed = await allPages(bag, 'in');
    expect(listed.pages).toBe(2);
    expect(new Set(listed.codes)).toEqual(new Set(codes));
    expect(listed.codes).toHaveLength(200);

    const dispatched = await ops<Bag>('POST', `/api/ops/bags/${bag.code}/dispatch`);
    expect(dispatched.body).toMatchObject({ status: 'dispatched', parcels: 200 });
    expect(new Set(await statuses(codes))).toEqual(new Set(['in_transit@dhaka']));
    expect((await ops('POST', `/api/ops/bags/${bag.code}/dispatch`)).body.error.message).toBe('This bag is already dispatched.');
    // Arrival is scanned before the parcels are scanned out of it.
    expect((await ops('POST', `/api/ops/bags/${bag.code}/receipts`, { codes })).status).toBe(409);

    const arrived = await ops<Bag>('POST', `/api/ops/bags/${bag.code}/arrival`);
    expect(arrived.body).toMatchObject({ status: 'arrived', parcels: 200, received: 0, missing: 200 });
    expect(new Set(await statuses(codes))).toEqual(new Set(['at_hub@chattogram']));
    for (const code of [codes[0], codes[199]])
      expect(await eventsOf(code as string)).toEqual([`in_transit@dhaka:${bag.code}`, `at_hub@chattogram:${bag.code}`]);

    // One parcel was taken out of the sack on the way; one from another load was scanned with them.
    const [stray] = await parcelsAtHub(server.db, booked, 1, 'chattogram');
    const scanned = await ops<BagScanAnswer>('POST', `/api/ops/bags/${bag.code}/receipts`, {
      codes: [...codes.slice(1), stray],
    });
    expect(scanned.body.results.filter((result) => result.done)).toHaveLength(199);
    expect(scanned.body.results.at(-1)).toEqual({
      code: stray,
      done: false,
      problem: 'This parcel was not put in this bag: it is listed as extra.',
    });
    expect(scanned.body.bag).toMatchObject({ parcels: 200, received: 199, missing: 1, extra: 1 });
    expect((await allPages(bag, 'missing')).codes).toEqual([codes[0]]);
    expect((await allPages(bag, 'extra')).codes).toEqual([stray]);

    // The manifest lists them all, with the totals.
    const csv = await call<string>(server, 'GET', `/api/ops/bags/${bag.code}/manifest.csv`, { token: operator.token });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(202);
    expect(lines[0]).toBe('bag,origin_hub,destination_hub,tracking_code,status,area,district,weight_kg,cod_taka,received');
    expect(lines[1]).toMatch(new RegExp(`^${bag.code},dhaka,chattogram,SC`));
    expect(lines.at(-1)).toMatch(new RegExp(`^${bag.code},dhaka,chattogram,total 200,,,,160,0,$`));
    for (const path of ['manifest.pdf', 'label.pdf']) {
      const pdf = await fetch(`${server.url}/api/ops/bags/${bag.code}/${path}`, {
        headers: { authorization: `Bearer ${operator.token}` },
      });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // Received, its parcels may go in the next bag.
    expect((await add(await open('chattogram', 'sylhet'), [codes[1] as string])).body.results[0]?.done).toBe(true);
  });

  it('holds at most 500 parcels: the 501st is refused, saying so', async () => {
    const codes = await parcelsAtHub(server.db, booked, 501, 'dhaka');
    const answer = await add(await open('dhaka', 'rangpur'), codes);
    expect(answer.body.bag.parcels).toBe(500);
    expect(answer.body.results.at(-1)).toEqual({
      code: codes[500],
      done: false,
      problem: 'A bag holds at most 500 parcels: close this one and open another.',
    });
  });

  it('does not leave while one of its parcels cannot: the dispatch names it and moves none', async () => {
    const codes = await parcelsAtHub(server.db, booked, 3, 'dhaka');
    const bag = await open();
    await add(bag, codes);
    await ops('POST', `/api/ops/bags/${bag.code}/close`);
    const held = codes[1] as string;
    await ops('POST', '/api/ops/scans', { codes: [held], status: 'on_hold', hub: 'dhaka' }, admin);
    const refused = await ops('POST', `/api/ops/bags/${bag.code}/dispatch`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `Parcel ${held} cannot leave with the bag: A parcel on hold goes back to where it was: at a hub. Open the bag again and take it out.`,
    );
    expect(await statuses(codes)).toEqual(expect.arrayContaining(['at_hub@dhaka', 'on_hold@dhaka']));
    expect((await ops<Bag>('GET', `/api/ops/bags/${bag.code}`)).body.status).toBe('closed');
    const events = await server.db
      .select()
      .from(consignmentEvents)
      .innerJoin(consignments, eq(consignments.id, consignmentEvents.consignmentId))
      .where(and(inArray(consignments.trackingCode, codes), eq(consignmentEvents.status, 'in_transit')));
    expect(events).toEqual([]);
  });
});
