import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { addressClosedMessage, FULFILMENT_MESSAGES } from '#server/modules/orders/fulfilment.ts';
import { ORDER_ADDRESS_MESSAGES, type Order } from '#shared/order.ts';
import type { Profile } from '#shared/user.ts';
import { addProduct, DELIVERY, ordersOfProduct, placeOrder, stockOf } from '../helpers/catalog.ts';
import { payWithTestCard } from '../helpers/payment-fixtures.ts';
import { call, type SignedInCustomer, signInAdmin, signUpCustomer } from '../helpers/shop-client.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };
const TRACKING = { carrier: 'DHL', trackingNumber: 'JD0146000044' };

describe.each(testDatabaseKinds())('the delivery address of an order (R-ORDER-ADDRESS, %s)', (kind) => {
  let server: TestServer;
  let admin: SignedInCustomer;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { MAX_UNPAID_ORDERS: '1000', ORDERS_PER_CUSTOMER: '1000' } });
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  const newProduct = async () => (await addProduct(server, admin, { minQuantity: 1, maxQuantity: 5, availableQuantity: 10 }))._id;
  const profileOf = async (customer: SignedInCustomer) =>
    (await call<Profile>(server, 'GET', `/api/userInfo/${customer.email}`, { token: customer.token })).body;
  const saveProfile = (customer: SignedInCustomer, body: object) =>
    call<Profile & ErrorAnswer>(server, 'PUT', `/api/userInfo/${customer.email}`, { token: customer.token, body });
  const myOrder = async (customer: SignedInCustomer, id: string) =>
    (
      await call<Order[]>(server, 'GET', `/api/orders?email=${encodeURIComponent(customer.email)}`, { token: customer.token })
    ).body.find((order) => order._id === id);
  const change = (orderId: string, body: object) =>
    call<Order & ErrorAnswer>(server, 'PATCH', `/api/admin/orders/${orderId}`, { token: admin.token, body });

  it('Buy Now with an address: the order keeps it, My Orders and Manage Orders show it', async () => {
    const customer = await signUpCustomer(server);
    const placed = await placeOrder(server, customer, await newProduct(), 2, { shippingAddress: DELIVERY });
    expect(placed.status).toBe(201);
    expect(placed.body.shippingAddress).toEqual(DELIVERY);
    expect((await myOrder(customer, placed.body._id))?.shippingAddress).toEqual(DELIVERY);
    const all = await call<Order[]>(server, 'GET', '/api/allOrders', { token: admin.token });
    expect(all.body.find((order) => order._id === placed.body._id)?.shippingAddress).toEqual(DELIVERY);
    // Not asked to: the profile stays as it was.
    expect(await profileOf(customer)).toMatchObject({ address: '', phoneNumber: '' });
  });

  it('without one, the order goes to the profile’s address under the customer’s name, a copy a later profile change leaves alone', async () => {
    const customer = await signUpCustomer(server, { name: 'Rafi Karim' });
    expect((await saveProfile(customer, { address: '3 Dock Lane, Khulna', phoneNumber: '01711-222333' })).status).toBe(200);
    const placed = await placeOrder(server, customer, await newProduct(), 1);
    const expected = { name: 'Rafi Karim', address: '3 Dock Lane, Khulna', phone: '01711-222333' };
    expect(placed.body.shippingAddress).toEqual(expected);
    expect((await saveProfile(customer, { address: '9 New Road, Dhaka', phoneNumber: '01811-444555' })).status).toBe(200);
    expect((await myOrder(customer, placed.body._id))?.shippingAddress).toEqual(expected);
  });

  it('a phone typed with Bengali digits is kept with Western ones, in the profile and on the order (R-LOCALE-INPUT)', async () => {
    const customer = await signUpCustomer(server, { name: 'Nusrat Jahan' });
    expect((await saveProfile(customer, { address: 'Mirpur 10, Dhaka', phoneNumber: '০১৭১১০০০০০০' })).status).toBe(200);
    expect((await profileOf(customer)).phoneNumber).toBe('01711000000');
    const delivery = { name: 'Nusrat Jahan', address: 'Agrabad, Chattogram', phone: '+৮৮০ ১৮১১-২২২৩৩৩' };
    const placed = await placeOrder(server, customer, await newProduct(), 1, { shippingAddress: delivery });
    expect(placed.status).toBe(201);
    expect(placed.body.shippingAddress).toEqual({ ...delivery, phone: '+880 1811-222333' });
  });

  it('with none given and none in the profile it can be paid, but not shipped (409) until an admin adds one', async () => {
    const customer = await signUpCustomer(server);
    const productId = await newProduct();
    const placed = await placeOrder(server, customer, productId, 1);
    expect(placed.status).toBe(201);
    expect(placed.body.shippingAddress).toBeNull();
    const id = placed.body._id;
    await payWithTestCard(server, customer, id);
    const paid = await myOrder(customer, id);
    expect(paid?.status).toBe('paid');

    const refused = await change(id, { status: 'shipped', ...TRACKING });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'conflict', message: FULFILMENT_MESSAGES.noAddress } });
    expect(await myOrder(customer, id)).toEqual(paid);

    const added = await change(id, { shippingAddress: DELIVERY, note: 'Customer phoned it in' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: 'paid', shippingAddress: DELIVERY });
    expect(added.body.timeline.at(-1)).toMatchObject({
      by: admin.email,
      from: 'paid',
      to: 'paid',
      note: `${FULFILMENT_MESSAGES.addressAdded} Customer phoned it in`,
    });

    const shipped = await change(id, { status: 'shipped', ...TRACKING });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', shippingAddress: DELIVERY, ...TRACKING });
    expect(await myOrder(customer, id)).toEqual(shipped.body);

    const late = await change(id, { shippingAddress: { ...DELIVERY, address: '1 Elsewhere Road' } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(addressClosedMessage('shipped'));
    expect((await myOrder(customer, id))?.shippingAddress).toEqual(DELIVERY);
  });

  it('an admin may give the address and ship in one call; when the move is refused the address is not kept either', async () => {
    const customer = await signUpCustomer(server);
    const productId = await newProduct();
    const paidId = (await placeOrder(server, customer, productId, 1)).body._id;
    await payWithTestCard(server, customer, paidId);
    const both = await change(paidId, { status: 'shipped', ...TRACKING, shippingAddress: DELIVERY });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ status: 'shipped', shippingAddress: DELIVERY });
    expect(both.body.timeline.slice(-2).map((event) => [event.from, event.to, event.note])).toEqual([
      ['paid', 'paid', FULFILMENT_MESSAGES.addressAdded],
      ['paid', 'shipped', ''],
    ]);

    const unpaid = await placeOrder(server, customer, productId, 1);
    const before = await myOrder(customer, unpaid.body._id);
    const refused = await change(unpaid.body._id, { status: 'shipped', ...TRACKING, shippingAddress: DELIVERY });
    expect(refused.status).toBe(409);
    expect(await myOrder(customer, unpaid.body._id)).toEqual(before);
  });

  it('"Save for next time" writes the address and phone to the profile with the order; a refused order saves nothing', async () => {
    const customer = await signUpCustomer(server);
    const productId = await newProduct();
    const placed = await placeOrder(server, customer, productId, 1, { shippingAddress: DELIVERY, saveAddressToProfile: true });
    expect(placed.status).toBe(201);
    expect(await profileOf(customer)).toMatchObject({ address: DELIVERY.address, phoneNumber: DELIVERY.phone });

    const other = { ...DELIVERY, address: '12 Harbour Road, Chattogram', phone: '+880 1811 999999' };
    const tooMany = await placeOrder(server, customer, productId, 6, { shippingAddress: other, saveAddressToProfile: true });
    expect(tooMany.status).toBe(400);
    expect(await profileOf(customer)).toMatchObject({ address: DELIVERY.address, phoneNumber: DELIVERY.phone });
  });

  it.each([
    ['an empty address', { address: '   ' }, { address: '   ', phoneNumber: DELIVERY.phone }, 'address'],
    ['a phone with letters', { phone: '0171 CALL ME' }, { address: DELIVERY.address, phoneNumber: '0171 CALL ME' }, 'phone'],
    ['a short phone', { phone: '123' }, { address: DELIVERY.address, phoneNumber: '123' }, 'phone'],
  ] as const)('%s: 400 with the profile page’s message, and nothing is created or saved', async (_, bad, asProfile, field) => {
    const customer = await signUpCustomer(server);
    const productId = await newProduct();
    const profileAnswer = await saveProfile(customer, asProfile);
    expect(profileAnswer.status).toBe(400);
    const profileMessage = Object.values(profileAnswer.body.error.fields ?? {})[0];
    expect(profileMessage).toBeTruthy();

    const placed = await placeOrder(server, customer, productId, 1, {
      shippingAddress: { ...DELIVERY, ...bad },
      saveAddressToProfile: true,
    });
    expect(placed.status).toBe(400);
    expect(placed.body.error?.fields).toEqual({ [`shippingAddress.${field}`]: profileMessage });
    expect(await ordersOfProduct(server, productId)).toEqual([]);
    expect(await stockOf(server, productId)).toBe(10);
    expect(await profileOf(customer)).toMatchObject({ address: '', phoneNumber: '' });
  });

  it('asks for something sensible: saving with no address, an empty change, an address with another move are 400', async () => {
    const customer = await signUpCustomer(server);
    const productId = await newProduct();
    const save = await placeOrder(server, customer, productId, 1, { saveAddressToProfile: true });
    expect(save.status).toBe(400);
    expect(save.body.error?.fields).toEqual({ saveAddressToProfile: ORDER_ADDRESS_MESSAGES.nothingToSave });
    expect(await ordersOfProduct(server, productId)).toEqual([]);

    const id = (await placeOrder(server, customer, productId, 1)).body._id;
    const empty = await change(id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ status: ORDER_ADDRESS_MESSAGES.nothingToChange });
    const cancelWithAddress = await change(id, { status: 'cancelled', shippingAddress: DELIVERY });
    expect(cancelWithAddress.status).toBe(400);
    expect(cancelWithAddress.body.error.fields).toEqual({ shippingAddress: ORDER_ADDRESS_MESSAGES.addressWithOtherMove });
    expect((await myOrder(customer, id))?.status).toBe('unpaid');
  });

  it('an account deleted later leaves its paid orders without their delivery address', async () => {
    const customer = await signUpCustomer(server);
    const id = (await placeOrder(server, customer, await newProduct(), 1, { shippingAddress: DELIVERY })).body._id;
    await payWithTestCard(server, customer, id);
    expect((await call(server, 'DELETE', '/api/user', { token: customer.token, body: { email: customer.email } })).status).toBe(
      200,
    );
    const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'paid', shippingName: null, shippingAddress: null, shippingPhone: null });
  });
});
