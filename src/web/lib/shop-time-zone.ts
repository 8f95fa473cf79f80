import { DEFAULT_TIME_ZONE, formatDateTime, isTimeZone } from '#shared/locale-format.ts';

/**
 * The time zone the shop shows dates in (TIME_ZONE, R-LOCALE), as the server wrote it into the page.
 * Only signed-in pages show moments, and the browser renders them, so the server's renderer needs none.
 */
function timeZoneInPage(): string {
  const value =
    typeof document === 'undefined' ? null : document.querySelector('meta[name="shop-time-zone"]')?.getAttribute('content');
  return value && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

const SHOP_TIME_ZONE = timeZoneInPage();

/** A moment as people read it on the shop's pages: English for now, in the shop's time zone. */
export const shownMoment = (iso: string): string => formatDateTime(new Date(iso), 'en', SHOP_TIME_ZONE);
