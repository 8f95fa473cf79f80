import { withWesternDigits } from './digits.ts';

/** Decimal notation, as people type numbers: "16", "-1", "1.5". */
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/**
 * A number typed as text, read in decimal notation only (R-TEXT): `Number()` alone would also take
 * "0x10", "0b1", "0o7" and "1e1". Bengali digits count as digits (R-LOCALE-INPUT). Any other text is
 * left as it is, for the schema to refuse with the field's own message; values that are not text pass
 * untouched.
 */
export function decimalFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = withWesternDigits(value.trim());
  return DECIMAL.test(text) ? Number(text) : value;
}
