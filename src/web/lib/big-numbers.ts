/**
 * Figures of the admin pages, thousands marked (R-OVERVIEW). Apart from price.ts, which the home page
 * loads: these load only with the pages that show them.
 */

/** Large sums: "$ 25,512,081.18", in the shop's "$ {price}" format (R-GRID). */
export function formatAmount(dollars: number): string {
  return `$ ${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Counts: "100,000". */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
