import compiled from './bangladesh-holidays.json' with { type: 'json' };

// Public file of the rates module: working days, which pickups and freight requests count in too.

/**
 * The courier's working days (R-WORKING-DAYS): every day but Friday and Bangladesh's public holidays,
 * compiled from the maintained `date-holidays` library (the lunar ones, Eid included, computed for each
 * year) by scripts/holidays/compile-holidays.mjs, with any added by hand in its `extra`. Days are
 * calendar days in the shop's time zone, written YYYY-MM-DD.
 */
const HOLIDAYS = new Set([...compiled.days, ...compiled.extra].map((holiday: { day: string }) => holiday.day));

/** The years the compiled list covers: a test asks for ten years ahead, so it is compiled again in time. */
export const HOLIDAY_YEARS = { first: compiled.firstYear, last: compiled.lastYear } as const;

const FRIDAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar arithmetic on the day itself (noon UTC), so no time zone or summer time moves it. */
export const dayAfter = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function isPublicHoliday(day: string): boolean {
  return HOLIDAYS.has(day);
}

export function isWorkingDay(day: string): boolean {
  return new Date(`${day}T12:00:00Z`).getUTCDay() !== FRIDAY && !isPublicHoliday(day);
}

/** Answers already counted: quotes ask the same few (today, 0 to 6) thousands of times a second. */
const counted = new Map<string, string>();
const COUNTED_MAX = 256;

/**
 * The working day `count` working days after `day`: 0 is `day` itself when it is a working day, else
 * the next one; 1 is the working day after that, and so on.
 */
export function workingDaysAfter(day: string, count: number): string {
  const key = `${day}+${count}`;
  const known = counted.get(key);
  if (known) return known;
  let at = day;
  while (!isWorkingDay(at)) at = dayAfter(at);
  for (let left = count; left > 0; left--) {
    at = dayAfter(at);
    while (!isWorkingDay(at)) at = dayAfter(at);
  }
  if (counted.size >= COUNTED_MAX) counted.clear();
  counted.set(key, at);
  return at;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The calendar day, the hour and the minute it is now in the shop's time zone. */
export function shopClock(now: Date, timeZone: string): { day: string; hour: number; minute: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const part = (type: string) => parts.find((found) => found.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}
