import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('shows dollars and cents after "$ ", whole prices included', () => {
    expect(formatPrice(399)).toBe('$ 399.00');
    expect(formatPrice(148.5)).toBe('$ 148.50');
    expect(formatPrice(0.05)).toBe('$ 0.05');
  });
});
