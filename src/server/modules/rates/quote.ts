import { POISHA_PER_TAKA, SERVICE_RULES, SERVICES, type Service, type Zone } from '#shared/parcel-services.ts';
import { QUOTE_MESSAGES, type QuoteOption } from '#shared/quote.ts';
import { deliveryFee, type RateCard } from './rate-card.ts';
import { isWorkingDay, shopClock, workingDaysAfter } from './working-days.ts';

/** Public file of the rates module: the one pricing of a parcel, which quotes and bookings (consignments) share. */

/** What prices a parcel: the rate card in force, the COD charge, and the shop's clock for the estimates. */
export interface Pricing {
  card: RateCard;
  /** Hundredths of a percent of the cash collected (COD_FEE_PERCENT). */
  codFeeBasisPoints: number;
  now: Date;
  timeZone: string;
}

/** The COD charge (R-QUOTE): the percentage of the cash, rounded up to a whole taka; in poisha. */
export function codFee(codAmount: number, basisPoints: number): number {
  const perTaka = 10_000 * POISHA_PER_TAKA;
  return Math.ceil((codAmount * basisPoints) / perTaka) * POISHA_PER_TAKA;
}

const kilograms = (grams: number) => grams / 1000;

/** Why `service` cannot take this parcel, or its delivery fee (poisha) and delivery days; `clock` is the shop's now. */
function priceService(pricing: Pricing, clock: { day: string; hour: number }, service: Service, zone: Zone, grams: number) {
  const rule = SERVICE_RULES[service];
  const transit = rule.transit[zone];
  if (!transit) return { reason: service === 'same-day' ? QUOTE_MESSAGES.sameDayZone : QUOTE_MESSAGES.notOffered };
  if (grams < rule.minGrams) return { reason: QUOTE_MESSAGES.tooLight(kilograms(rule.minGrams)) };
  if (grams > rule.maxGrams) return { reason: QUOTE_MESSAGES.tooHeavy(kilograms(rule.maxGrams)) };
  const { day, hour } = clock;
  if (rule.cutOffHour !== undefined && (hour >= rule.cutOffHour || !isWorkingDay(day)))
    return { reason: QUOTE_MESSAGES.cutOff(rule.cutOffHour) };
  const fee = deliveryFee(pricing.card, service, zone, grams);
  if ('refused' in fee) return { reason: QUOTE_MESSAGES.notOffered };
  const [earliest, latest] = transit;
  return {
    deliveryFee: fee.fee,
    estimatedDelivery: { earliest: workingDaysAfter(day, earliest), latest: workingDaysAfter(day, latest) },
  };
}

/**
 * Every service's price for one parcel (R-QUOTE): the delivery fee from the rate card, the COD charge,
 * their total and the working days it takes, or why the service cannot take it. Booking prices a parcel
 * with this same function, so the booked fee is the quoted one.
 */
export function quoteOptions(pricing: Pricing, zone: Zone, grams: number, codAmount: number): QuoteOption[] {
  const cod = codFee(codAmount, pricing.codFeeBasisPoints);
  const clock = shopClock(pricing.now, pricing.timeZone);
  return SERVICES.map((service) => {
    const priced = priceService(pricing, clock, service, zone, grams);
    if ('reason' in priced)
      return {
        service,
        available: false,
        reason: priced.reason,
        deliveryFee: null,
        codFee: null,
        total: null,
        estimatedDelivery: null,
      };
    return {
      service,
      available: true,
      deliveryFee: priced.deliveryFee,
      codFee: cod,
      total: priced.deliveryFee + cod,
      estimatedDelivery: priced.estimatedDelivery,
    };
  });
}
