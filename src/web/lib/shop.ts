const FALLBACK = 'SwiftCargo';

/**
 * A shop setting the server wrote into the page as `<meta name="…" content="…">`; undefined outside a
 * browser, and where the page still holds the build's placeholder (`__SHOP_NAME__`: served unrendered).
 */
export function settingInPage(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  return value && !/^__[A-Z_]+__$/.test(value) ? value : undefined;
}

/** The shop's name from SHOP_NAME: the server writes it into every page, and its renderer sets it with `setShopSettings`. */
export let SHOP_NAME = settingInPage('shop-name') ?? FALLBACK;

/** The currency prices are in (CURRENCY), written into every page the same way. */
export let SHOP_CURRENCY = settingInPage('shop-currency') ?? 'usd';

/** The server's renderer has no page to read the settings from; it passes the configured ones before rendering. */
export function setShopSettings(settings: { shopName: string; currency: string }): void {
  SHOP_NAME = settings.shopName;
  SHOP_CURRENCY = settings.currency;
}
