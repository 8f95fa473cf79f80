import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { isLocale } from '#shared/locale.ts';
import { formatNumber, formatShopPrice } from '#shared/locale-format.ts';
import { SHOP_CURRENCY } from './shop.ts';

/**
 * Prices and counts in the page's language (R-LOCALE): Bengali digits and lakh grouping on Bangla
 * pages, the spec's "$ 1,899.00" on English ones. The language comes from the page's Lingui instance,
 * so the server renders what the browser hydrates.
 */
export function useFormat() {
  const { i18n } = useLingui();
  const language = isLocale(i18n.locale) ? i18n.locale : 'en';
  return useMemo(
    () => ({
      language,
      price: (amount: number) => formatShopPrice(amount, SHOP_CURRENCY, language),
      count: (value: number) => formatNumber(value, language),
      /**
       * The type of a field a number is typed in (R-LOCALE-INPUT): a number field refuses Bengali digits,
       * so a Bangla page asks for text, with the numeric keyboard, and the shared rules read its digits.
       */
      numberFieldType: language === 'en' ? 'number' : 'text',
    }),
    [language],
  );
}
