import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';
import { SHOP_NAME } from './shop.ts';

/** What the site is, after its name in the home page's title (issue 42): a name alone says nothing in a tab or a search result. */
export const HOME_TITLE_WHAT = msg`parcels across Bangladesh and tech for your shop`;

/** "SwiftCargo — parcels across Bangladesh and tech for your shop"; the server writes the same into the HTML. */
export const homeTitle = (whatItIs: string) => `${SHOP_NAME} — ${whatItIs}`;

/** "Page — Shop", or the shop's name alone on the home page; the server writes the same into the HTML. */
export function documentTitle(page?: string): string {
  return page ? `${page} — ${SHOP_NAME}` : SHOP_NAME;
}

/** Sets the tab's title: "Page — Shop", or `whole` as it is (the home page's). */
export function useDocumentTitle(page?: string, whole = documentTitle(page)): void {
  useEffect(() => {
    document.title = whole;
  }, [whole]);
}
