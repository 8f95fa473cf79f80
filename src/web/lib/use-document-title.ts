import { useEffect } from 'react';
import { SHOP_NAME } from './shop.ts';

export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} — ${SHOP_NAME}` : SHOP_NAME;
  }, [page]);
}
