// Compiles Bangladesh's divisions, districts and upazilas (English and Bangla names) into
// src/server/modules/areas/bangladesh-areas.json, the shop's coverage (issue 28), from a checkout
// of the public data set named in src/server/modules/areas/SOURCE.md, and the city thanas of Dhaka and
// Chattogram transcribed beside this script (city-thanas.json, its source in the same SOURCE.md):
//   node scripts/areas/compile-areas.mjs /path/to/bangladesh-geocode
// It reads the data set's CSV files (divisions, districts, upazilas) and writes the same bytes for the
// same input (then `npx biome format --write` on it, as on every file). Every area is served for home delivery and pickup until the operations say otherwise; a city thana is flagged `city`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [checkout] = process.argv.slice(2);
if (!checkout) {
  console.error('usage: node scripts/areas/compile-areas.mjs <checkout of the data set>');
  process.exit(2);
}

/** The data set's CSV: every field quoted, one record a line. */
const rows = (file) =>
  readFileSync(join(checkout, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"').trim()));

const slug = (name) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const divisions = rows('divisions/divisions.csv').map(([id, name, nameBn]) => ({ id: slug(name), sourceId: id, name, nameBn }));
const divisionOf = new Map(divisions.map((division) => [division.sourceId, division.id]));
const districts = rows('districts/districts.csv').map(([id, divisionId, name, nameBn]) => ({
  id: slug(name),
  sourceId: id,
  divisionId: divisionOf.get(divisionId),
  name,
  nameBn,
}));
const districtOf = new Map(districts.map((district) => [district.sourceId, district.id]));
const areas = rows('upazilas/upazilas.csv').map(([, districtId, name, nameBn]) => {
  const district = districtOf.get(districtId);
  return { id: `${district}-${slug(name)}`, districtId: district, name, nameBn, city: false, homeDelivery: true, pickup: true };
});
// The city thanas: the big cities themselves, whose parcels are same-city (src/server/modules/areas/zones.ts).
const cityThanas = JSON.parse(readFileSync(new URL('./city-thanas.json', import.meta.url), 'utf8'));
for (const [district, thanas] of Object.entries(cityThanas)) {
  if (!districts.some((known) => known.id === district)) throw new Error(`city-thanas.json: no district ${district}`);
  for (const { name, nameBn } of thanas)
    areas.push({
      id: `${district}-${slug(name)}`,
      districtId: district,
      name,
      nameBn,
      city: true,
      homeDelivery: true,
      pickup: true,
    });
}

const ids = new Set(areas.map((area) => area.id));
if (ids.size !== areas.length) throw new Error('two areas of one district share a name');
if (areas.some((area) => !area.districtId) || districts.some((district) => !district.divisionId))
  throw new Error('an area or a district names a parent the data set does not have');

const strip = ({ sourceId: _sourceId, ...kept }) => kept;
const compiled = { divisions: divisions.map(strip), districts: districts.map(strip), areas };
writeFileSync(
  new URL('../../src/server/modules/areas/bangladesh-areas.json', import.meta.url),
  `${JSON.stringify(compiled, null, 2)}\n`,
);
console.log(`${divisions.length} divisions, ${districts.length} districts, ${areas.length} areas`);
