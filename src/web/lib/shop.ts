const PLACEHOLDER = '__SHOP_NAME__';
const FALLBACK = 'SwiftCargo';

function nameInPage(): string {
  if (typeof document === 'undefined') return FALLBACK;
  const value = document.querySelector('meta[name="shop-name"]')?.getAttribute('content');
  return value && value !== PLACEHOLDER ? value : FALLBACK;
}

/** The shop's name from SHOP_NAME: the server writes it into every page, and its renderer sets it with `setShopName`. */
export let SHOP_NAME = nameInPage();

/** The server's renderer has no page to read the name from; it passes the configured one before rendering. */
export function setShopName(name: string): void {
  SHOP_NAME = name;
}
