/** The longest card number there is (R-PAYMENT): 19 digits. */
const CARD_DIGITS_MAX = 19;

/** A card number as it is typed, in groups of four as it is printed on the card: "4242 4242 4242 4242". */
export function cardNumberAsTyped(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .slice(0, CARD_DIGITS_MAX)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as it is typed, as MM/YY: the slash comes after the month, a first digit above 1 can only
 * be a month of one digit ("4" is "04/"), and deleting back over the slash takes it away.
 */
export function expiryAsTyped(typed: string, deleting: boolean): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 1 && digits > '1' && !deleting) return `0${digits}/`;
  if (digits.length === 2 && !deleting) return `${digits}/`;
  return digits;
}
