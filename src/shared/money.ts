/** Prices live in the database as integer cents; the API speaks dollars as numbers (R-MONEY). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Dollars as programs read them ("1899.00"): form fields, CSV cells, structured data. Never shown as a price. */
export function plainDollars(dollars: number): string {
  return dollars.toFixed(2);
}

const SHOWN_DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Every amount people read, on pages, in messages and mails, in one format (R-MONEY-FORMAT): the spec's
 * "$ {price}" with cents and thousands marked, "$ 1,899.00".
 */
export function formatPrice(dollars: number): string {
  return `$ ${SHOWN_DOLLARS.format(dollars)}`;
}
