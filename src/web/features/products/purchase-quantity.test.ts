import { describe, expect, it } from 'vitest';
import { quantityWarning } from './purchase-quantity.ts';

const range = { minQuantity: 2, maxQuantity: 50 };

describe('quantityWarning', () => {
  it.each([
    ['', undefined],
    ['2', undefined],
    ['50', undefined],
    [' 7 ', undefined],
    ['1', 'please add 2+ products'],
    ['0', 'please add 2+ products'],
    ['-4', 'please add 2+ products'],
    ['51', 'please less than 50'],
    ['9007199254740992', 'please less than 50'],
    ['2.5', 'quantity must be a whole number'],
    ['abc', 'quantity must be a number'],
  ])('%j → %s', (text, warning) => {
    expect(quantityWarning(text, range)).toBe(warning);
  });
});
