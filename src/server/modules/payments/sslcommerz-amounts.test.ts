import { describe, expect, it } from 'vitest';
import { centsOf, decimalAmount } from './sslcommerz-provider.ts';

/** SSLCommerz writes taka with decimals; the shop counts integer poisha (R-MONEY): read from the digits, never a float. */
describe('SSLCommerz amounts', () => {
  it('writes poisha as taka with two decimals', () => {
    expect(decimalAmount(125_050)).toBe('1250.50');
    expect(decimalAmount(7)).toBe('0.07');
    expect(decimalAmount(100)).toBe('1.00');
  });

  it('reads what SSLCommerz writes back as poisha exactly, and nothing else', () => {
    expect(centsOf('1250.50')).toBe(125_050);
    expect(centsOf('1250.5')).toBe(125_050);
    expect(centsOf('1250')).toBe(125_000);
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('1250.5000')).toBe(125_050);
    expect(centsOf(' 19.99 ')).toBe(1_999);
    for (const odd of ['1250.505', '-5.00', '1e3', '', undefined, '12,50', '0x10']) expect(centsOf(odd), String(odd)).toBeNaN();
  });
});
