import { calendarDayIn, DEFAULT_TIME_ZONE, formatCalendarDate, formatDateTime, isTimeZone } from '#shared/locale-format.ts';
import { settingInPage } from './shop.ts';
import { useFormat } from './use-format.ts';

/**
 * The time zone the shop shows dates in (TIME_ZONE, R-LOCALE), as the server wrote it into the page;
 * the server's renderer sets it with `setShopTimeZone` (the tracking page shows moments, issue 29).
 */
const written = settingInPage('shop-time-zone');
let SHOP_TIME_ZONE = written && isTimeZone(written) ? written : DEFAULT_TIME_ZONE;

/** Called for every page the server renders: the zone is checked (a new Intl formatter) only when it changes. */
export function setShopTimeZone(timeZone: string): void {
  if (timeZone !== SHOP_TIME_ZONE && isTimeZone(timeZone)) SHOP_TIME_ZONE = timeZone;
}

/** A moment as people read it on the shop's pages: in the page's language and the shop's time zone. */
export function useShownMoment(): (iso: string) => string {
  const { language } = useFormat();
  return (iso) => formatDateTime(new Date(iso), language, SHOP_TIME_ZONE);
}

/** The day of a moment in the shop's time zone, as people read it: "November 29, 2026" (a parcel's delivered day, issue 42). */
export function useShownDay(): (iso: string) => string {
  const { language } = useFormat();
  // One formatter per zone: making one per call was 0.6 ms of a tracking page's render (issue 40).
  return (iso) => formatCalendarDate(calendarDayIn(new Date(iso), SHOP_TIME_ZONE), language);
}
