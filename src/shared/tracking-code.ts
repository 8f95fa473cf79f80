/**
 * Tracking codes (R-TRACKING-CODE): "SC", ten random characters of Crockford's base 32 (50 bits: nobody
 * guesses one) and a check character, read aloud over the phone without confusion: Crockford's alphabet
 * has no I, L, O or U, and a typed o, i or l is read as 0, 1, 1. The check character catches any one
 * mistyped character and any two different neighbours swapped.
 */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TRACKING_PREFIX = 'SC';
export const TRACKING_RANDOM_LENGTH = 10;

/** The public tracking page's address for a parcel; the page itself is issue 29's. */
export const trackingPath = (trackingCode: string) => `/track/${trackingCode}`;

/**
 * Arithmetic in GF(32), the field of the 32 characters' values (x⁵ + x² + 1): each character is weighted
 * by a power of the field's generator, so that changing one character or swapping two different neighbours
 * always changes the sum. Luhn's mod-N check misses one swap (0 and Z here); this misses none.
 */
const EXP: number[] = [];
const LOG: number[] = new Array(32).fill(0);
for (let power = 0, value = 1; power < 31; power++) {
  EXP[power] = value;
  LOG[value] = power;
  value <<= 1;
  if (value & 32) value ^= 0b100101;
}
const times = (a: number, b: number) =>
  a === 0 || b === 0 ? 0 : (EXP[((LOG[a] as number) + (LOG[b] as number)) % 31] as number);

/** The character that makes the code's weighted sum, the check included, zero. */
export function checkCharacter(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index++)
    sum ^= times(EXP[index % 31] as number, CROCKFORD.indexOf(body[index] as string));
  // The check sits at position body.length: sum + α^length × check = 0, so check = sum × α^-length.
  return CROCKFORD[times(sum, EXP[(31 - (body.length % 31)) % 31] as number)] as string;
}

/**
 * What is wrong with a typed code: `shape` when it cannot be a code at all (no SC, too short or long, a
 * character no code has), `typo` when it has a code's shape but its check character does not match (one
 * character mistyped or two swapped), undefined when it is a code (R-TRACKING-CODE).
 */
export function trackingCodeProblem(typed: string): 'shape' | 'typo' | undefined {
  const code = writtenAsKept(typed);
  const body = code.slice(TRACKING_PREFIX.length, -1);
  if (!code.startsWith(TRACKING_PREFIX) || body.length !== TRACKING_RANDOM_LENGTH) return 'shape';
  if ([...body, code.at(-1) as string].some((char) => !CROCKFORD.includes(char))) return 'shape';
  return checkCharacter(body) === code.at(-1) ? undefined : 'typo';
}

/** A code as typed ("sc 4k7q-…", "o" for zero) written the one way codes are kept, or undefined when it cannot be one. */
export function readTrackingCode(typed: string): string | undefined {
  return trackingCodeProblem(typed) ? undefined : writtenAsKept(typed);
}

/** A code as typed, written as codes are kept: capitals, no blanks or dashes, o as zero, i and l as one (bag codes too). */
export const writtenAsKept = (typed: string) =>
  typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
