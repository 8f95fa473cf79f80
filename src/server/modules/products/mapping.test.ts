import { describe, expect, it } from 'vitest';
import { toAdminProduct, toProduct } from './mapping.ts';

const row = {
  id: '6f1f7f0e-8d2a-4c35-9d1e-3f5a2b7c9e10',
  name: 'Vista 27" 4K IPS Monitor',
  priceCents: 32999,
  description: 'A monitor',
  minQuantity: 2,
  maxQuantity: 50,
  availableQuantity: 200,
  picture: '/images/products/vista.svg',
  categoryId: null,
  ownerEmail: 'admin@shop.test',
  ownerName: 'Shop Admin',
  createdAt: new Date(),
  updatedAt: new Date(),
};

const spoken = {
  _id: row.id,
  name: row.name,
  price: 329.99,
  description: 'A monitor',
  maxQuantity: 50,
  minQuantity: 2,
  picture: '/images/products/vista.svg',
  availableQuantity: 200,
  categoryId: null,
};

describe('toProduct', () => {
  it('speaks the spec, _id and price in dollars, and leaves out who added it (decision 46)', () => {
    expect(toProduct(row)).toEqual(spoken);
  });
});

describe('toAdminProduct', () => {
  it('adds the owner as the spec names it: email and userName', () => {
    expect(toAdminProduct(row)).toEqual({ ...spoken, email: 'admin@shop.test', userName: 'Shop Admin' });
  });
});
