import { describe, expect, it } from 'vitest';
import { formatPrice, plainDollars } from './money.ts';

describe('formatPrice', () => {
  it('shows dollars and cents after "$ ", whole prices included', () => {
    expect(formatPrice(399)).toBe('$ 399.00');
    expect(formatPrice(148.5)).toBe('$ 148.50');
    expect(formatPrice(0.05)).toBe('$ 0.05');
  });

  it('marks thousands, as every page, message and mail shows amounts (R-MONEY-FORMAT)', () => {
    expect(formatPrice(1899)).toBe('$ 1,899.00');
    expect(formatPrice(999_999.99)).toBe('$ 999,999.99');
    expect(formatPrice(25_512_081.18)).toBe('$ 25,512,081.18');
  });
});

describe('plainDollars', () => {
  it('writes amounts for programs without thousands marks (CSV, structured data, form fields)', () => {
    expect(plainDollars(1899)).toBe('1899.00');
    expect(plainDollars(36.75)).toBe('36.75');
  });
});
