/** Counts on the admin pages, thousands marked: "100,000" (R-OVERVIEW); sums use formatPrice (src/shared/money.ts). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
