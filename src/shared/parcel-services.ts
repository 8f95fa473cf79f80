/**
 * The courier's services and their rules (issue 28, R-PARCEL-SERVICES). Prices are not here: they are
 * the rate card, which admins edit (src/server/modules/rates). What each service is, where it goes,
 * how heavy a parcel it takes and how many working days it takes are the company's promises, kept as data.
 */
export const SERVICES = ['same-day', 'express', 'standard', 'cargo', 'premium'] as const;
export type Service = (typeof SERVICES)[number];

/**
 * The services as customers read them: the pages show them, and the merchant API names them in English
 * and Bangla (`GET /api/v1/services`, issue 41), so they are the shared catalogue's, not a page's.
 */
export const SERVICE_NAMES: Record<Service, string> = {
  'same-day': /*i18n*/ 'Same day',
  express: /*i18n*/ 'Express',
  standard: /*i18n*/ 'Standard',
  cargo: /*i18n*/ 'Cargo',
  premium: /*i18n*/ 'Premium',
};

/**
 * Where a parcel goes, seen from where it is picked up: within one city (or one district outside the
 * big cities), to the city's surrounding upazilas and districts, or anywhere else in the country.
 */
export const ZONES = ['same-city', 'suburb', 'nationwide'] as const;
export type Zone = (typeof ZONES)[number];

/** Working days from booking to delivery, the first and the last day promised. */
type Transit = readonly [earliest: number, latest: number];

export interface ServiceRule {
  /** Zones the service reaches, with the working days it takes to each. */
  transit: Partial<Record<Zone, Transit>>;
  minGrams: number;
  maxGrams: number;
  /** Booked before this hour (shop time) on a working day, or not at all that day (same-day). */
  cutOffHour?: number;
}

/** The heaviest consignment the courier takes; bigger loads are freight (a request and a quote). */
export const HEAVIEST_PARCEL_GRAMS = 1_000_000;

export const SERVICE_RULES: Record<Service, ServiceRule> = {
  'same-day': { transit: { 'same-city': [0, 0] }, minGrams: 1, maxGrams: 5_000, cutOffHour: 12 },
  // The marketing copy's promise: express within 4 working days anywhere in the country.
  express: { transit: { 'same-city': [1, 1], suburb: [1, 2], nationwide: [2, 4] }, minGrams: 1, maxGrams: 10_000 },
  standard: { transit: { 'same-city': [1, 2], suburb: [2, 3], nationwide: [3, 5] }, minGrams: 1, maxGrams: 25_000 },
  // From 10 kg, priced by weight above it (the rate card's price per extra 500 g).
  cargo: {
    transit: { 'same-city': [1, 2], suburb: [2, 3], nationwide: [3, 6] },
    minGrams: 10_000,
    maxGrams: HEAVIEST_PARCEL_GRAMS,
  },
  // Door to door in every district (the marketing copy's promise), delivered in the morning slot of its day.
  premium: { transit: { 'same-city': [1, 1], suburb: [1, 1], nationwide: [2, 3] }, minGrams: 1, maxGrams: 5_000 },
};

/** Premium's time-bound slot on its delivery day, in shop time. */
export const PREMIUM_SLOT = { from: '10:00', to: '13:00' } as const;

/** The money the courier speaks: taka, kept and sent as whole poisha (100 poisha = 1 taka). */
export const PARCEL_CURRENCY = 'BDT';
export const POISHA_PER_TAKA = 100;

/** The most cash on delivery a rider collects for one parcel, in poisha (5 lakh taka). */
export const COD_MAX_POISHA = 500_000 * POISHA_PER_TAKA;
