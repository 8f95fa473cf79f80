/** The Bengali digits ০ to ৯ (U+09E6 to U+09EF), which Bangla keyboards type (R-LOCALE-INPUT). */
const BENGALI_DIGIT = /[\u09E6-\u09EF]/g;
const BENGALI_ZERO = 0x09e6;

/**
 * The text with every Bengali digit written as the digit the rules read ("০১৭১১" is "01711"): a
 * quantity, a phone number or a price may be typed either way, on the client and on the server, and is
 * checked and stored in one form.
 */
export function withWesternDigits(text: string): string {
  return text.replace(BENGALI_DIGIT, (digit) => String((digit.codePointAt(0) as number) - BENGALI_ZERO));
}

/** The same for a value a schema is given: text gets Western digits, anything else passes untouched. */
export const westernDigitsIn = (value: unknown): unknown => (typeof value === 'string' ? withWesternDigits(value) : value);

/** Western digits written as Bengali ones ("250" is "২৫০"), for a number a Bangla page prefills. */
export function withBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCodePoint(BENGALI_ZERO + Number(digit)));
}
