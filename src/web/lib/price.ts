import { formatDollars } from '#shared/money.ts';

/** Every price and total the pages show, in one format: "$ 399.00", the cards' "$ {price}" (R-GRID) with cents. */
export function formatPrice(dollars: number): string {
  return `$ ${formatDollars(dollars)}`;
}
