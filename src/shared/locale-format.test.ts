import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatNumber, formatShopPrice } from './locale-format.ts';

describe('numbers, money and dates in the reader’s language (R-LOCALE)', () => {
  it('writes numbers with Bengali digits and lakh grouping in Bangla', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'bn')).toBe('১২,৩৪,৫৬৭');
    expect(formatNumber(0, 'bn')).toBe('০');
  });

  it('writes taka with the ৳ sign, never BDT, in both languages', () => {
    expect(formatMoney(1250, 'BDT', 'en')).toBe('৳1,250.00');
    expect(formatMoney(125000, 'BDT', 'bn')).toBe('১,২৫,০০০.০০৳');
    expect(formatMoney(1250, 'BDT', 'bn')).not.toContain('BDT');
  });

  it('writes the shop’s own currency with its sign', () => {
    expect(formatMoney(1899, 'USD', 'en')).toBe('$1,899.00');
    expect(formatMoney(1899, 'USD', 'bn')).toBe('১,৮৯৯.০০$');
  });

  it('writes a moment in the shop’s time zone, Dhaka unless told otherwise', () => {
    const lateEvening = new Date('2026-11-25T16:05:00Z');
    expect(formatDateTime(lateEvening, 'en')).toBe('Nov 25, 2026, 22:05');
    expect(formatDateTime(lateEvening, 'en', 'UTC')).toBe('Nov 25, 2026, 16:05');
    expect(formatDateTime(lateEvening, 'bn')).toMatch(/^২৫ নভে, ২০২৬/);
    expect(formatDateTime(lateEvening, 'bn')).toContain('২২:০৫');
  });

  it('writes a price in the shop’s currency: the spec’s “$ …” for the dollar shop in English, the sign of any other', () => {
    expect(formatShopPrice(1899, 'usd', 'en')).toBe('$ 1,899.00');
    expect(formatShopPrice(1899, 'usd', 'bn')).toBe('১,৮৯৯.০০$');
    expect(formatShopPrice(1899, 'eur', 'en')).toBe('€1,899.00');
    expect(formatShopPrice(125000, 'bdt', 'bn')).toBe('১,২৫,০০০.০০৳');
  });
});
