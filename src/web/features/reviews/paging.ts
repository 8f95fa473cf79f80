export function pageCount(itemCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(itemCount / pageSize));
}

export type PageButton = number | 'gap';

/**
 * The numbered page buttons: all of them while there are few, otherwise the first, the last and
 * the current page with its neighbours, with a gap marker where numbers are left out.
 */
export function pageButtons(current: number, total: number, maxButtons = 7): PageButton[] {
  if (total <= maxButtons) return Array.from({ length: total }, (_, index) => index + 1);
  const shown = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total));
  if (current <= 3) for (const page of [2, 3, 4]) shown.add(page);
  if (current >= total - 2) for (const page of [total - 3, total - 2, total - 1]) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);
  const buttons: PageButton[] = [];
  for (const [index, page] of pages.entries()) {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous > 1) buttons.push('gap');
    buttons.push(page);
  }
  return buttons;
}
