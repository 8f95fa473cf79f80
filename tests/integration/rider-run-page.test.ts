import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, ConsignmentInput } from '#shared/consignment.ts';
import { approvedMerchant } from '../helpers/merchants.ts';
import { sendOutWithRider } from '../helpers/parcels.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const PARCEL: ConsignmentInput = {
  service: 'express',
  pickup: { name: 'Asha Rahman', phone: '01711000000', address: 'House 12, Road 5', areaId: 'dhaka-gulshan' },
  recipient: { name: 'Karim Mia', phone: '01812345678', address: 'House 4, Station Road', areaId: 'sylhet-sylhet-sadar' },
  weightGrams: 1500,
  codAmount: 250_000,
};

/**
 * Issue 43, decision 184: the rider's run is drawn on the server for the rider whose session asks, so a cheap
 * phone on a slow network shows the stops without four requests one after another. It is theirs alone:
 * never kept, never another rider's, and a visitor or a customer gets no run.
 */
describe('the rider’s run drawn on the server for its rider', () => {
  let server: TestServer;
  let admin: SignedInCustomer;
  let rider: SignedInCustomer;
  let otherRider: SignedInCustomer;
  let customer: SignedInCustomer;
  let code: string;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signInAdmin(server);
    const sender = await signUpCustomer(server);
    await approvedMerchant(server, admin, sender);
    rider = await signUpCustomer(server, { name: 'Rider One' });
    otherRider = await signUpCustomer(server, { name: 'Rider Two' });
    customer = await signUpCustomer(server, { name: 'Just Shopping' });
    for (const staff of [rider, otherRider])
      await call(server, 'PUT', `/api/admin/users/${staff.email}/role`, { token: admin.token, body: { role: 'rider' } });
    code = (await call<Booking>(server, 'POST', '/api/consignments', { token: sender.token, body: PARCEL })).body.trackingCode;
    await sendOutWithRider(server, admin, code, rider.email);
  });
  afterAll(() => server?.stop());

  const page = async (path: string, who?: SignedInCustomer) => {
    const response = await fetch(`${server.url}${path}`, { headers: who ? { cookie: who.cookie } : {} });
    const html = await response.text();
    const state = JSON.parse(html.match(/<script type="application\/json" id="page-state">(.*?)<\/script>/)?.[1] ?? '{}') as {
      accessToken?: string;
    };
    return { status: response.status, cacheControl: response.headers.get('cache-control'), html, state };
  };

  it('shows the rider their stops in the HTML, with their access token for the browser, kept by no one', async () => {
    for (const [path, heading] of [
      ['/dashboard/run', 'My run'],
      ['/bn/dashboard/run', 'আমার ডেলিভারি রাউন্ড'],
    ] as const) {
      const { status, cacheControl, html, state } = await page(path, rider);
      expect(status).toBe(200);
      expect(cacheControl).toBe('private, no-store');
      expect(html).toContain(code);
      expect(html).toContain('Karim Mia');
      expect(html).toContain(heading);
      expect(html).not.toContain('Checking your session');
      // The token the browser then sends is one the API takes as this rider's.
      expect(state.accessToken).toBeTruthy();
      const run = await call<{ trackingCode: string }[]>(server, 'GET', '/api/rider/run', { token: state.accessToken ?? '' });
      expect(run.body.map((parcel) => parcel.trackingCode)).toEqual([code]);
    }
  });

  it('shows another rider their own empty run, never the first rider’s', async () => {
    const { html } = await page('/dashboard/run', otherRider);
    expect(html).not.toContain(code);
    expect(html).not.toContain('Karim Mia');
    expect(html).toContain('My run');
  });

  it('gives a customer the page saying it is not theirs, and a visitor the shell, with no run in either', async () => {
    const asCustomer = await page('/dashboard/run', customer);
    expect(asCustomer.html).toContain('This page is for hub staff');
    expect(asCustomer.html).not.toContain(code);
    const asVisitor = await page('/dashboard/run');
    expect(asVisitor.html).toContain('Checking your session');
    expect(asVisitor.html).not.toContain(code);
    expect(asVisitor.state.accessToken).toBeUndefined();
  });
});
