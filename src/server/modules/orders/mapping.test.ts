import { describe, expect, it } from 'vitest';
import { toOrder } from './mapping.ts';
import type { OrderRow } from './order-row.ts';
import type { OrderLineRow } from './repository.ts';

const unpaid: OrderRow = {
  id: '0b6f0d4e-2f5c-4a59-9a63-5d3f5c8f4a21',
  number: 100042,
  productId: '6f1f7f0e-8d2a-4c35-9d1e-3f5a2b7c9e10',
  userId: 'user-1',
  name: 'Vista 27" 4K IPS Monitor',
  picture: '/images/products/vista.svg',
  quantity: 3,
  unitPriceCents: 32999,
  priceCents: 98997,
  email: 'ann@example.com',
  userName: 'Ann',
  paid: false,
  status: 'unpaid',
  cancelledBy: null,
  carrier: null,
  trackingNumber: null,
  shippingName: null,
  shippingAddress: null,
  shippingPhone: null,
  transactionId: null,
  payment: null,
  paidAt: null,
  createdAt: new Date(),
};

const line: OrderLineRow = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  orderId: unpaid.id,
  productId: unpaid.productId,
  name: unpaid.name,
  picture: unpaid.picture,
  quantity: 3,
  unitPriceCents: 32999,
  priceCents: 98997,
  position: 0,
};

describe('toOrder', () => {
  it('speaks the spec: _id, total price in dollars, no payment fields while unpaid', () => {
    expect(toOrder(unpaid, [], [line])).toEqual({
      _id: unpaid.id,
      number: 'SC-100042',
      productId: unpaid.productId,
      name: unpaid.name,
      picture: unpaid.picture,
      price: 989.97,
      email: 'ann@example.com',
      userName: 'Ann',
      quantity: 3,
      paid: false,
      status: 'unpaid',
      placedAt: unpaid.createdAt.toISOString(),
      shippingAddress: null,
      timeline: [],
      lines: [
        {
          productId: unpaid.productId,
          name: unpaid.name,
          picture: unpaid.picture,
          quantity: 3,
          unitPrice: 329.99,
          price: 989.97,
        },
      ],
    });
  });

  it('shows the delivery address kept on the order (R-ORDER-ADDRESS)', () => {
    const addressed = toOrder(
      { ...unpaid, shippingName: 'Ann', shippingAddress: '1 Quay St', shippingPhone: '+1 555 0100' },
      [],
      [],
    );
    expect(addressed.shippingAddress).toEqual({ name: 'Ann', address: '1 Quay St', phone: '+1 555 0100' });
  });

  it('adds the transaction id and payment once paid', () => {
    const paid = toOrder({ ...unpaid, paid: true, transactionId: 'pi_123', payment: unpaid.id, paidAt: new Date() }, [], []);
    expect(paid).toMatchObject({ paid: true, transactionId: 'pi_123', payment: unpaid.id });
  });
});
