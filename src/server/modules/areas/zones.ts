import type { Area } from '#shared/area.ts';
import type { Zone } from '#shared/parcel-services.ts';
import compiled from './cities.json' with { type: 'json' };

/**
 * Public file of the areas module, read by rates and consignments. The big cities' delivery regions (R-ZONES; cities.json): the city's district, whose city thanas are
 * the city itself and whose other upazilas are its suburbs, and the districts around it that count as
 * its suburbs too (Gazipur and Narayanganj around Dhaka).
 */
const REGION_OF_DISTRICT = new Map<string, string>(
  compiled.cities.flatMap((city) => [city.district, ...city.suburbDistricts].map((district) => [district, city.district])),
);
const CITY_DISTRICTS = new Set(compiled.cities.map((city) => city.district));

/**
 * Where a parcel goes, seen from its pickup area (issue 28): within one district outside the big cities,
 * or between two city thanas of one big city, is `same-city`; anywhere else in that city's region is
 * `suburb`; the rest of the country is `nationwide`. The same either way round.
 */
export function zoneBetween(from: Area, to: Area): Zone {
  if (from.district.id === to.district.id && !CITY_DISTRICTS.has(from.district.id)) return 'same-city';
  const region = REGION_OF_DISTRICT.get(from.district.id);
  if (region && region === REGION_OF_DISTRICT.get(to.district.id)) return from.city && to.city ? 'same-city' : 'suburb';
  return 'nationwide';
}
