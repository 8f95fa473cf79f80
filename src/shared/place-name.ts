import type { NamedPlace } from './area.ts';

/**
 * "Savar, Dhaka", "সাভার, ঢাকা": an area as the suggestions write it, and labels and pages show it. Apart
 * from area.ts's schemas, so that a page which only shows places (the rider's run) loads no zod (issue 43).
 */
export function placeName(place: NamedPlace, language: string): string {
  return language === 'bn' ? `${place.nameBn}, ${place.district.nameBn}` : `${place.name}, ${place.district.name}`;
}
