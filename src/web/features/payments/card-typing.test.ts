import { describe, expect, it } from 'vitest';
import { cardNumberAsTyped, expiryAsTyped } from './card-typing.ts';

describe('a card number as it is typed', () => {
  it.each([
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424242424242424242424', '4242 4242 4242 4242 424'],
  ])('%s shows as %s', (typed, shown) => {
    expect(cardNumberAsTyped(typed)).toBe(shown);
  });
});

describe('an expiry as it is typed', () => {
  it.each([
    ['1', false, '1'],
    ['4', false, '04/'],
    ['12', false, '12/'],
    ['12/3', false, '12/3'],
    ['1230', false, '12/30'],
    ['12/305', false, '12/30'],
    ['12', true, '12'],
    ['0', true, '0'],
    ['12/', true, '12'],
  ])('%s (deleting: %s) shows as %s', (typed, deleting, shown) => {
    expect(expiryAsTyped(typed, deleting)).toBe(shown);
  });
});
