import { useMemo } from 'react';
import { formatCalendarDate, formatMoney } from '#shared/locale-format.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { useFormat } from './use-format.ts';

/**
 * A parcel's money and days in the page's language (R-LOCALE), apart from useFormat so that the home
 * page, which shows neither, does not load them.
 */
export function useParcelFormat() {
  const format = useFormat();
  const { language } = format;
  return useMemo(
    () => ({
      ...format,
      /** Money kept in poisha, in taka: "৳1,250.00", "১,২৫০.০০৳". */
      taka: (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, language),
      /** A calendar day (YYYY-MM-DD): "December 2, 2026", "২ ডিসেম্বর, ২০২৬". */
      day: (isoDate: string) => formatCalendarDate(isoDate, language),
    }),
    [format, language],
  );
}
