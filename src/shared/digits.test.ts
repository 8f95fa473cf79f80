import { describe, expect, it } from 'vitest';
import { decimalFromText } from './decimal-text.ts';
import { withWesternDigits } from './digits.ts';

describe('Bengali digits typed where numbers are read (R-LOCALE-INPUT)', () => {
  it('are written as Western digits, and nothing else changes', () => {
    expect(withWesternDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(withWesternDigits('+৮৮০ ১৭১১-০০০০০০')).toBe('+880 1711-000000');
    expect(withWesternDigits('ঢাকা 12')).toBe('ঢাকা 12');
  });

  it('make a number of a typed quantity or price', () => {
    expect(decimalFromText('১২')).toBe(12);
    expect(decimalFromText('১৮৯৯.৫০')).toBe(1899.5);
    expect(decimalFromText('১২ টি')).toBe('১২ টি');
  });
});
