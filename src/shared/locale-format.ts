import type { Locale as Language } from './locale.ts';
import { formatPrice } from './money.ts';

/** The shop's time zone when TIME_ZONE does not name another (R-LOCALE). */
export const DEFAULT_TIME_ZONE = 'Asia/Dhaka';

/** Whether `name` is a time zone this runtime knows (IANA names, like Asia/Dhaka or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The locale each language formats with: Bangladesh's, so Bangla gets Bengali digits and lakh grouping
 * (১২,৩৪,৫৬৭) and English the grouping its readers there know from the shop's other pages.
 */
const LOCALE: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };

/** Formatters are costly to make and safe to share: one per language and options. */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

/** A count or quantity as the reader writes numbers: "1,234,567" or "১২,৩৪,৫৬৭". */
export function formatNumber(value: number, language: Language): string {
  return cached(`number:${language}`, () => new Intl.NumberFormat(LOCALE[language])).format(value);
}

/**
 * An amount of `currency` (ISO 4217) with its narrow sign: "৳1,250.00" in English, "১,২৫০.০০৳" in
 * Bangla. The narrow sign, because Bangladesh's locale alone writes "BDT" for taka.
 */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const key = `money:${language}:${currency}`;
  return cached(
    key,
    () => new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }),
  ).format(amount);
}

/**
 * A day, or a month, with no time of day (an article's date, "2026-08-14" or "2026-09"), in the reader's
 * language: "August 14, 2026", "September 2026", "১৪ আগস্ট, ২০২৬".
 */
export function formatCalendarDate(isoDate: string, language: Language): string {
  const shape = isoDate.length === 7 ? 'month' : 'day';
  const formatter = cached(
    `calendar:${language}:${shape}`,
    () =>
      new Intl.DateTimeFormat(LOCALE[language], {
        ...(shape === 'day' ? { day: 'numeric' } : {}),
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  return formatter.format(new Date(shape === 'month' ? `${isoDate}-01T00:00:00Z` : `${isoDate}T00:00:00Z`));
}

/** The calendar day (YYYY-MM-DD) a moment falls on in `timeZone`: en-CA writes days that way. */
export function calendarDayIn(date: Date, timeZone: string): string {
  return cached(`day-in:${timeZone}`, () => new Intl.DateTimeFormat('en-CA', { timeZone })).format(date);
}

/** A day and time in the reader's language and the shop's time zone: "25 Nov 2026, 22:05" or its Bangla. */
export function formatDateTime(date: Date, language: Language, timeZone: string = DEFAULT_TIME_ZONE): string {
  const key = `date:${language}:${timeZone}`;
  return cached(
    key,
    () =>
      new Intl.DateTimeFormat(LOCALE[language], {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  ).format(date);
}

/**
 * A price in the shop's currency (CURRENCY) as the reader writes it: the spec's "$ 1,899.00" in English
 * when the shop sells in dollars, else the currency's narrow sign in the reader's digits ("১,৮৯৯.০০$").
 */
export function formatShopPrice(amount: number, currency: string, language: Language): string {
  return language === 'en' && currency.toLowerCase() === 'usd'
    ? formatPrice(amount)
    : formatMoney(amount, currency.toUpperCase(), language);
}
