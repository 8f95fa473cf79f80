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
    ['1', '', '1'],
    ['4', '', '04/'],
    ['12', '1', '12/'],
    ['12/3', '12/', '12/3'],
    ['1230', '', '12/30'],
    ['12/305', '12/30', '12/30'],
    ['12', '12/', '12'],
    ['0', '04/', '0'],
  ])('%s (was %s) shows as %s', (typed, before, shown) => {
    expect(expiryAsTyped(typed, before)).toBe(shown);
  });
});
