import { addProduct, DELIVERY } from './catalog.ts';
import { approvedMerchant } from './merchants.ts';
import { STANDARD_PARCEL } from './parcels.ts';
import { chargeTestCard } from './payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from './shop-client.ts';
import type { TestServer } from './test-server.ts';

/** Someone a call can be made as, once signed in. */
export type Caller = 'customer' | 'admin' | 'operator' | 'rider' | 'merchant';

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

/** The body of an answer that must have `status`; any other fails the case, showing what came instead. */
async function expectStatus<T>(what: string, answer: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)}`);
  return body;
}

/**
 * The people and things the API conformance test's requests need, each made the first time a case asks
 * for it through the API itself (or fresh, where the call uses it up).
 */
export class ApiWorld {
  constructor(readonly server: TestServer) {}

  readonly admin = once(() => signInAdmin(this.server));
  readonly customer = once(() => signUpCustomer(this.server));
  readonly merchant = once(async () => {
    const person = await signUpCustomer(this.server);
    const merchant = await approvedMerchant(this.server, await this.admin(), person);
    return { ...person, merchant };
  });
  readonly operator = once(() => this.staff('operator'));
  readonly rider = once(() => this.staff('rider'));
  readonly apiKey = once(async () => {
    const made = await this.as('merchant', 'POST', '/api/merchant/api-keys', { name: 'conformance' }, 201);
    return made.key as string;
  });
  /** A test key (R-SANDBOX): it books and moves sandbox parcels. */
  readonly testApiKey = once(async () => {
    const made = await this.as('merchant', 'POST', '/api/merchant/api-keys', { name: 'sandbox', mode: 'test' }, 201);
    return made.key as string;
  });
  readonly product = once(() => this.newProduct());

  /** The signed-in person behind `caller`. */
  async signedIn(caller: Caller): Promise<SignedInCustomer> {
    return this[caller]();
  }

  private async staff(role: 'operator' | 'rider'): Promise<SignedInCustomer> {
    const person = await signUpCustomer(this.server);
    await this.as('admin', 'PUT', `/api/admin/users/${encodeURIComponent(person.email)}/role`, { role }, 200);
    return person;
  }

  /** A JSON call as `caller` that must answer `status`: its body. */
  // biome-ignore lint/suspicious/noExplicitAny: the fixtures read answers as loosely as a client script would
  async as(caller: Caller, method: string, path: string, body: unknown, status: number): Promise<any> {
    const { token } = await this.signedIn(caller);
    return expectStatus(`${method} ${path}`, call(this.server, method, path, { token, body }), status);
  }

  async newProduct(): Promise<string> {
    return (await addProduct(this.server, await this.admin()))._id;
  }

  async newCategory(): Promise<string> {
    const made = await this.as('admin', 'POST', '/api/categories', { name: `Category ${crypto.randomUUID().slice(0, 8)}` }, 201);
    return made._id;
  }

  /** A new customer of their own, for calls that end or change an account. */
  newCustomer(): Promise<SignedInCustomer> {
    return signUpCustomer(this.server);
  }

  /**
   * An unpaid order of a new customer's (a customer may hold only a few unpaid orders, R-ORDER-HOLDS):
   * its id and who placed it.
   */
  async newOrder(): Promise<{ id: string; owner: SignedInCustomer }> {
    const owner = await this.newCustomer();
    const body = { productId: await this.product(), quantity: 1, shippingAddress: DELIVERY };
    const order = await expectStatus('order', call(this.server, 'POST', '/api/orders', { token: owner.token, body }), 201);
    return { id: (order as { _id: string })._id, owner };
  }

  /** A paid order of a new customer's, through the test card: its id and who placed it. */
  async paidOrder(): Promise<{ id: string; owner: SignedInCustomer }> {
    const order = await this.newOrder();
    const { token } = order.owner;
    const started = await expectStatus(
      'payment',
      call<{ clientSecret: string }>(this.server, 'POST', '/api/create-payment-intent', { token, body: { orderId: order.id } }),
      200,
    );
    const charged = await chargeTestCard(this.server, order.owner, started.clientSecret);
    const body = { transactionId: charged.body.paymentIntent.id };
    await expectStatus('paid', call(this.server, 'PATCH', `/api/orders/${order.id}`, { token, body }), 200);
    return order;
  }

  /** A parcel the merchant booked (its fee from the cash or its account, decision 165): its tracking code. */
  async newParcel(more: Record<string, unknown> = {}): Promise<string> {
    const booked = await this.as('merchant', 'POST', '/api/consignments', { ...STANDARD_PARCEL, ...more }, 201);
    return booked.trackingCode;
  }

  /** A parcel the customer (no merchant) booked, its fee to pay by card and unpaid: its tracking code. */
  async newCardParcel(): Promise<string> {
    const booked = await this.as('customer', 'POST', '/api/consignments', STANDARD_PARCEL, 201);
    return booked.trackingCode;
  }

  /** A booked parcel moved by scans to `status` (out for delivery with the rider): its tracking code. */
  async parcelOutForDelivery(): Promise<string> {
    const code = await this.newParcel({ codAmount: 100_000 });
    const scan = (status: string, more: Record<string, string> = {}) =>
      this.as('admin', 'POST', '/api/ops/scans', { codes: [code], status, ...more }, 200);
    await scan('picked_up');
    await scan('at_hub', { hub: 'dhaka' });
    await scan('out_for_delivery', { rider: (await this.rider()).email });
    return code;
  }

  /** A freight request of the shared customer's, quoted by the admin when `quoted`: its id. */
  async freightRequest(quoted: boolean): Promise<string> {
    const readyDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const made = await this.as(
      'customer',
      'POST',
      '/api/freight-requests',
      {
        mode: 'road',
        origin: 'Dhaka',
        destination: 'Chattogram',
        goods: 'Garments',
        phone: '01711000000',
        weightKg: 500,
        readyDate,
      },
      201,
    );
    if (quoted)
      await this.as(
        'admin',
        'POST',
        `/api/admin/freight-requests/${made.id}/quote`,
        { amount: 100_000, validUntil: readyDate },
        200,
      );
    return made.id;
  }
}
