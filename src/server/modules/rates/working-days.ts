import Holidays from 'date-holidays';

/**
 * The courier's working days (R-WORKING-DAYS): every day but Friday and Bangladesh's public holidays, as
 * the maintained `date-holidays` library lists them (the lunar ones, Eid included, computed for each year).
 * Days are calendar days in the shop's time zone, written YYYY-MM-DD.
 */
const bangladesh = new Holidays('BD');
const holidaysByYear = new Map<number, Set<string>>();

function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      bangladesh
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

const FRIDAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar arithmetic on the day itself (noon UTC), so no time zone or summer time moves it. */
const dayAfter = (day: string, days = 1) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function isPublicHoliday(day: string): boolean {
  return publicHolidays(Number(day.slice(0, 4))).has(day);
}

export function isWorkingDay(day: string): boolean {
  return new Date(`${day}T12:00:00Z`).getUTCDay() !== FRIDAY && !isPublicHoliday(day);
}

/**
 * The working day `count` working days after `day`: 0 is `day` itself when it is a working day, else
 * the next one; 1 is the working day after that, and so on.
 */
export function workingDaysAfter(day: string, count: number): string {
  let at = day;
  while (!isWorkingDay(at)) at = dayAfter(at);
  for (let left = count; left > 0; left--) {
    at = dayAfter(at);
    while (!isWorkingDay(at)) at = dayAfter(at);
  }
  return at;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and the hour it is now in the shop's time zone. */
export function shopClock(now: Date, timeZone: string): { day: string; hour: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const part = (type: string) => parts.find((found) => found.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}
