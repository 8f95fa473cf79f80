import { typosAllowed, typosBetween } from '#server/search/typo-tolerance.ts';
import type { Area, AreaDirectory, NamedPlace } from '#shared/area.ts';
import { findHub, type HubId } from '#shared/hubs.ts';
import { placeName } from '#shared/place-name.ts';
import compiled from './bangladesh-areas.json' with { type: 'json' };
import below from './places.json' with { type: 'json' };

/**
 * Public file of the areas module: the shop's coverage (issue 28; SOURCE.md beside this file), every
 * area with its district and division, found by what people type. Rates and consignments name areas through it.
 */
export const AREAS: readonly Area[] = compiled.areas.map(({ districtId, ...area }) => {
  const district = compiled.districts.find((candidate) => candidate.id === districtId);
  const division = compiled.divisions.find((candidate) => candidate.id === district?.divisionId);
  if (!district || !division) throw new Error(`bangladesh-areas.json: ${area.id} has no district or division`);
  return { ...area, district: { id: district.id, name: district.name, nameBn: district.nameBn }, division };
});

const byId = new Map(AREAS.map((area) => [area.id, area]));

/** Every way a person writes an area, lower case: "savar, dhaka", "সাভার, ঢাকা", "savar", "সাভার". */
const namesOf = (area: Area) => [
  placeName(area, 'en').toLowerCase(),
  placeName(area, 'bn'),
  area.name.toLowerCase(),
  area.nameBn,
];
const byName = new Map<string, Area[]>();
for (const area of AREAS) for (const name of new Set(namesOf(area))) byName.set(name, [...(byName.get(name) ?? []), area]);

/**
 * The area a form or a client names (R-COVERAGE): its id, its name with its district as the suggestions
 * write it ("Savar, Dhaka"), or its name alone when only one area has it; the areas that share it when
 * several do ("Kaliganj"), `unknown` when none.
 */
export function findArea(reference: string): Area | { ambiguous: Area[] } | 'unknown' {
  const typed = reference.trim().normalize('NFC');
  const named = byId.get(typed) ?? byName.get(typed.toLowerCase().replace(/\s*,\s*/g, ', '));
  if (!named) return 'unknown';
  if (Array.isArray(named)) return named.length === 1 ? (named[0] as Area) : { ambiguous: named };
  return named;
}

/** A name as letters and digits between single spaces: "Mirpur,  Dhaka" and "mirpur-dhaka" read alike. */
const plainWords = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

/** Each area's names in plain words, alone and followed by its district's, in English and Bangla. */
const plainNames = AREAS.map((area) => ({
  area,
  names: [
    plainWords(area.name),
    plainWords(`${area.name} ${area.district.name}`),
    plainWords(area.nameBn),
    plainWords(`${area.nameBn} ${area.district.nameBn}`),
  ],
}));

/**
 * The area a spreadsheet's cell names, forgiving how it is written (R-BULK-BOOKING): as `findArea` reads
 * it; else its words however separated ("Mirpur Dhaka", "mirpur-dhaka"); else the area whose name, alone
 * or with its district's, is the fewest typos away, within what the search forgives (decision 51). Two
 * areas equally close are ambiguous, as in `findArea`.
 */
export function findAreaForgiving(reference: string): Area | { ambiguous: Area[] } | 'unknown' {
  const exact = findArea(reference);
  if (exact !== 'unknown') return exact;
  const typed = plainWords(reference);
  const most = typosAllowed(typed);
  let closest: Area[] = [];
  let fewest = most + 1;
  for (const { area, names } of plainNames) {
    const typos = Math.min(...names.map((name) => (name === typed ? 0 : typosBetween(typed, name, most, false))));
    if (typos < fewest) [closest, fewest] = [[area], typos];
    else if (typos === fewest && typos <= most) closest.push(area);
  }
  if (closest.length === 0) return 'unknown';
  return closest.length === 1 ? (closest[0] as Area) : { ambiguous: closest };
}

/** A kept area id's names, as consignments and pickups show where they go (a kept id always names one area). */
export function namedPlace(areaId: string): NamedPlace & { id: string } {
  const area = byId.get(areaId);
  if (!area) throw new Error(`no area has the kept id ${areaId}`);
  return {
    id: area.id,
    name: area.name,
    nameBn: area.nameBn,
    district: { name: area.district.name, nameBn: area.district.nameBn },
  };
}

/** Each area's places below it (decision 158), their names in English and, where the source has it, Bangla. */
const namesBelow = new Map<string, string[]>();
for (const byArea of [below.neighbourhoods, below.postOffices, below.unions] as unknown as Record<
  string,
  (string | number)[][]
>[])
  for (const [id, rows] of Object.entries(byArea))
    namesBelow.set(id, [...(namesBelow.get(id) ?? []), ...rows.flatMap((row) => row.filter((part) => typeof part === 'string'))]);

/**
 * Every name a kept area id is written by (R-ADDRESS-QUALITY): its own, its district's and division's, and
 * the neighbourhoods, post offices and unions within it, in English and Bangla. An address that is
 * nothing but these says no more than the area does.
 */
export function areaNames(areaId: string): string[] {
  const area = byId.get(areaId);
  if (!area) throw new Error(`no area has the kept id ${areaId}`);
  const { name, nameBn, district, division } = area;
  return [name, nameBn, district.name, district.nameBn, division.name, division.nameBn, ...(namesBelow.get(areaId) ?? [])];
}

const byEnglishName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/**
 * The whole coverage as the country is divided (`GET /api/v1/areas`, issue 41): each division, its
 * districts, their areas with their flags as bangladesh-areas.json has them, each level by English name.
 */
export function areaDirectory(): AreaDirectory {
  const place = ({ id, name, nameBn }: { id: string; name: string; nameBn: string }) => ({ id, name, nameBn });
  return {
    divisions: compiled.divisions
      .map((division) => ({
        ...place(division),
        districts: compiled.districts
          .filter((district) => district.divisionId === division.id)
          .map((district) => ({
            ...place(district),
            areas: compiled.areas
              .filter((area) => area.districtId === district.id)
              .map(({ districtId: _districtId, ...area }) => area)
              .sort(byEnglishName),
          }))
          .sort(byEnglishName),
      }))
      .sort(byEnglishName),
  };
}

/** The ids of the areas whose parcels end at `hub` (R-HUB-LISTS, decision 173): those of the districts it serves (hubs.json). */
export function areaIdsServedBy(hub: HubId): string[] {
  const districts = new Set(findHub(hub)?.districts ?? []);
  return AREAS.filter((area) => districts.has(area.district.id)).map((area) => area.id);
}
