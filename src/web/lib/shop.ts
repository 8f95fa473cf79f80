const PLACEHOLDER = '__SHOP_NAME__';
const FALLBACK = 'SwiftCargo';

/** The shop's name, written into index.html by the server from SHOP_NAME. */
export const SHOP_NAME = (() => {
  const value = document.querySelector('meta[name="shop-name"]')?.getAttribute('content');
  return value && value !== PLACEHOLDER ? value : FALLBACK;
})();
