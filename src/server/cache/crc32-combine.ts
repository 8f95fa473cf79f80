/**
 * The CRC-32 of two byte runs joined, from each run's CRC and the second's length (zlib's crc32_combine,
 * which node:zlib does not offer): a page's checksum then costs its own stretches, not the 140 KB of the
 * template's it repeats (decision 189). Arithmetic on polynomials over GF(2), modulo CRC-32's, reflected.
 */
const POLYNOMIAL = 0xedb88320;
/** x to the power 0, reflected. */
const ONE = 0x80000000;

/** a × b modulo the polynomial. */
function multiplied(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x to the power 2^k, for k from 0 to 31. */
const POWERS_OF_TWO: number[] = [];
for (let power = ONE >>> 1, k = 0; k < 32; k++, power = multiplied(power, power)) POWERS_OF_TWO.push(power);

/** What a run of `length` bytes moves a CRC by: x to the power 8 × length. Made once per fixed run. */
export function crc32Shift(length: number): number {
  let shift = ONE;
  // 8 × length as bits from 2^3 up: multiplying by x^(2^k) for each bit set.
  for (let rest = length, k = 3; rest > 0; rest = Math.floor(rest / 2), k++)
    if (rest % 2 === 1) shift = multiplied(POWERS_OF_TWO[k % 32] ?? ONE, shift);
  return shift;
}

/** The CRC-32 of A then B, from A's CRC, B's CRC and B's shift (`crc32Shift` of B's length). */
export const crc32Joined = (crcA: number, crcB: number, shiftB: number) => (multiplied(shiftB, crcA) ^ crcB) >>> 0;
