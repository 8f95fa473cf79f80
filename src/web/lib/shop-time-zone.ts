import { DEFAULT_TIME_ZONE, formatDateTime, isTimeZone } from '#shared/locale-format.ts';
import { settingInPage } from './shop.ts';

/**
 * The time zone the shop shows dates in (TIME_ZONE, R-LOCALE), as the server wrote it into the page.
 * Only signed-in pages show moments, and the browser renders them, so the server's renderer needs none.
 */
const written = settingInPage('shop-time-zone');
const SHOP_TIME_ZONE = written && isTimeZone(written) ? written : DEFAULT_TIME_ZONE;

/** A moment as people read it on the shop's pages: English for now, in the shop's time zone. */
export const shownMoment = (iso: string): string => formatDateTime(new Date(iso), 'en', SHOP_TIME_ZONE);
