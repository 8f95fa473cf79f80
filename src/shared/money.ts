/** Prices live in the database as integer cents; the API speaks dollars as numbers (R-MONEY). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatDollars(dollars: number): string {
  return dollars.toFixed(2);
}
