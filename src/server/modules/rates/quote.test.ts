import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COD_MAX_POISHA, SERVICE_RULES, SERVICES, ZONES } from '#shared/parcel-services.ts';
import { codFee, quoteOptions } from './quote.ts';
import type { RateCard } from './rate-card.ts';
import { readRateCard, writeRateCard } from './rate-card-csv.ts';
import { DEFAULT_RATE_CARD } from './rate-card-store.ts';
import { HOLIDAY_YEARS, isPublicHoliday, workingDaysAfter } from './working-days.ts';

/** A working morning in Dhaka (Thursday 2026-11-26, 09:00), so same-day is on offer. */
const MORNING = new Date('2026-11-26T03:00:00Z');
const pricing = (card: RateCard) => ({ card, codFeeBasisPoints: 150, now: MORNING, timeZone: 'Asia/Dhaka' });

/** Any card the import accepts: prices that never fall from one band to the next, written and read back as CSV. */
const rateCards = fc
  .record({
    bandLimits: fc
      .uniqueArray(fc.integer({ min: 100, max: 50_000 }), { minLength: 1, maxLength: 6 })
      .map((limits) => limits.toSorted((a, b) => a - b)),
    steps: fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 6, maxLength: 6 }),
    minimum: fc.integer({ min: 0, max: 50_000 }),
    extra: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
    skipped: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ bandLimits, steps, minimum, extra, skipped }): RateCard => {
    let price = 0;
    const bands = bandLimits.map((_, index) => {
      price += steps[index] ?? 0;
      // Cargo-like lines have no price for their lightest bands.
      return index < Math.min(skipped, bandLimits.length - 1) ? null : price;
    });
    const lines = SERVICES.flatMap((service) =>
      ZONES.filter((zone) => SERVICE_RULES[service].transit[zone]).map((zone) => ({
        service,
        zone,
        minimum: minimum - (minimum % 100),
        bands: bands.map((band) => (band === null ? null : band - (band % 100))),
        extraPer500g: extra === null ? null : extra - (extra % 100),
      })),
    );
    return readRateCard(Buffer.from(writeRateCard({ bandLimits, lines })));
  });

describe('the quote (issue 28, property tests)', () => {
  it('never charges a heavier parcel less, on the shipped card and on any card the import accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(DEFAULT_RATE_CARD), rateCards),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: COD_MAX_POISHA }),
        (card, a, b, cod) => {
          const [light, heavy] = a <= b ? [a, b] : [b, a];
          for (const zone of ZONES) {
            const lighter = quoteOptions(pricing(card), zone, light, cod);
            const heavier = quoteOptions(pricing(card), zone, heavy, cod);
            for (const [index, option] of heavier.entries()) {
              const other = lighter[index];
              if (option.total !== null && other?.total !== null && other?.total !== undefined)
                expect(option.total).toBeGreaterThanOrEqual(other.total);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('charges exactly 1.5% of the cash on delivery, rounded up to a whole taka', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: COD_MAX_POISHA }), (cod) => {
        const fee = codFee(cod, 150);
        expect(fee % 100).toBe(0);
        // In exact integers: fee (taka) is the least whole number with fee × 100 × 100 ≥ cod × 1.5.
        const taka = BigInt(fee / 100);
        const owed = BigInt(cod) * 150n;
        expect(taka * 1_000_000n >= owed).toBe(true);
        expect(taka === 0n || (taka - 1n) * 1_000_000n < owed).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(codFee(123_456, 150)).toBe(1_900);
    expect(codFee(100_000, 150)).toBe(1_500);
    expect(codFee(1, 150)).toBe(100);
    expect(codFee(0, 150)).toBe(0);
  });

  it('counts delivery days in working days: never a Friday or a public holiday', () => {
    const days = fc
      .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 10 }), (start, count) => {
        const end = workingDaysAfter(start, count);
        const isWorking = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() !== 5 && !isPublicHoliday(day);
        expect(isWorking(end)).toBe(true);
        // Walk the calendar by hand: from start (itself included) up to end, `count` working days pass.
        let counted = 0;
        for (let at = start; at < end; at = new Date(Date.parse(`${at}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
          if (isWorking(at)) counted++;
        expect(counted).toBe(count);
      }),
      { numRuns: 500 },
    );
    // Victory Day (16 December 2026) is a Wednesday; Friday the 18th is the weekend.
    expect(workingDaysAfter('2026-12-15', 1)).toBe('2026-12-17');
    expect(workingDaysAfter('2026-12-17', 1)).toBe('2026-12-19');
    expect(workingDaysAfter('2026-12-18', 0)).toBe('2026-12-19');
  });

  it('knows the public holidays of this year and the next ten (compile them again before they run out)', () => {
    const year = new Date().getFullYear();
    expect(HOLIDAY_YEARS.first).toBeLessThanOrEqual(year);
    expect(HOLIDAY_YEARS.last).toBeGreaterThanOrEqual(year + 10);
    // Eid al-Fitr 2026 (a lunar holiday, computed by the library) and Victory Day.
    expect(isPublicHoliday('2026-03-20')).toBe(true);
    expect(isPublicHoliday('2026-12-16')).toBe(true);
    expect(isPublicHoliday('2026-12-15')).toBe(false);
  });

  it('offers same-day before the cut-off on a working day only, and estimates it for that day', () => {
    const at = (iso: string) => quoteOptions({ ...pricing(DEFAULT_RATE_CARD), now: new Date(iso) }, 'same-city', 500, 0)[0];
    expect(at('2026-11-26T05:59:00Z')).toMatchObject({ available: true, estimatedDelivery: { earliest: '2026-11-26' } });
    expect(at('2026-11-26T06:00:00Z')).toMatchObject({ available: false });
    // Friday in Dhaka.
    expect(at('2026-11-27T03:00:00Z')).toMatchObject({ available: false });
  });
});
