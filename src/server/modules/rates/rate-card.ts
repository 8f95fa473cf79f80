import type { Service, Zone } from '#shared/parcel-services.ts';

/** Above the last weight band, a parcel pays the band's price and this much for every 500 g more or part of it. */
export const EXTRA_STEP_GRAMS = 500;

/** One service's prices to one zone, in poisha (R-RATE-CARD). */
export interface RateLine {
  service: Service;
  zone: Zone;
  /** The least a parcel pays, whatever its weight. */
  minimum: number;
  /** The price of each weight band of the card, in the card's order; null where the service takes no parcel that light. */
  bands: (number | null)[];
  /** The price of each 500 g above the last band; null when the service takes nothing heavier than its last band. */
  extraPer500g: number | null;
}

/**
 * The prices in force (R-RATE-CARD): weight bands (the heaviest parcel, in grams, each band takes,
 * lightest first), and for each service and zone a line of prices. A service with no line for a zone is
 * not offered there.
 */
export interface RateCard {
  bandLimits: number[];
  lines: RateLine[];
}

export type DeliveryFee = { fee: number } | { refused: 'not-offered' | 'too-heavy' };

/**
 * What the rate card charges to carry a parcel of `grams` (R-RATE-CARD): the price of the lightest band
 * that takes it; above the last band, that band's price and the extra price for every 500 g begun; never
 * less than the line's minimum. A card whose prices never fall from one band to the next (the import
 * checks it) so never charges a heavier parcel less.
 */
export function deliveryFee(card: RateCard, service: Service, zone: Zone, grams: number): DeliveryFee {
  const line = card.lines.find((candidate) => candidate.service === service && candidate.zone === zone);
  if (!line) return { refused: 'not-offered' };
  const band = card.bandLimits.findIndex((limit, index) => grams <= limit && line.bands[index] !== null);
  if (band >= 0) return { fee: Math.max(line.minimum, line.bands[band] as number) };
  const last = line.bands.findLastIndex((price) => price !== null);
  const lastLimit = card.bandLimits[last];
  if (last < 0 || lastLimit === undefined || line.extraPer500g === null) return { refused: 'too-heavy' };
  const steps = Math.ceil((grams - lastLimit) / EXTRA_STEP_GRAMS);
  return { fee: Math.max(line.minimum, (line.bands[last] as number) + steps * line.extraPer500g) };
}

/**
 * The heaviest parcel (grams) the card prices for `service` to `zone`, as `deliveryFee` reads it: none when
 * it has no line there (or a line with no price), Infinity when its price per extra 500 g takes any weight.
 */
export function heaviestPriced(card: RateCard, service: Service, zone: Zone): number | undefined {
  const line = card.lines.find((candidate) => candidate.service === service && candidate.zone === zone);
  const last = line?.bands.findLastIndex((price) => price !== null) ?? -1;
  if (!line || last < 0) return undefined;
  return line.extraPer500g === null ? card.bandLimits[last] : Number.POSITIVE_INFINITY;
}
