import { useEffect } from 'react';
import { SHOP_NAME } from './shop.ts';

/** "Page — Shop", or the shop's name alone on the home page; the server writes the same into the HTML. */
export function documentTitle(page?: string): string {
  return page ? `${page} — ${SHOP_NAME}` : SHOP_NAME;
}

export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
