// Compiles the places people write below the upazila (issue 42, decision 158) into
// src/server/modules/areas/places.json, each under the id of the area that prices it:
//   node scripts/areas/compile-places.mjs /path/to/bangladesh-geocode /path/to/bangladesh-geojson
// - unions with their Bangla names, from the same Bangladesh GeoCode checkout the areas came from
//   (unions/unions.csv, each naming its upazila by the data set's id);
// - Bangladesh Post's post offices and postcodes from bangladesh-geojson's bd-postcodes.json, each naming
//   its district and its upazila or thana as the post office writes it ("Kapashia", "Dhaka Cantt.");
// - the big cities' neighbourhoods transcribed beside this script (neighbourhoods.json).
// The sources are named in src/server/modules/areas/SOURCE.md. Same input, same bytes (then
// `npx biome format --write` on the output). A post office whose thana matches no area stops the script.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [geocode, geojson] = process.argv.slice(2);
if (!geocode || !geojson) {
  console.error('usage: node scripts/areas/compile-places.mjs <bangladesh-geocode checkout> <bangladesh-geojson checkout>');
  process.exit(2);
}

const csv = (file) =>
  readFileSync(join(geocode, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"').trim()));

// As compile-areas.mjs makes the areas' ids.
const slug = (name) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const compiledAreas = JSON.parse(
  readFileSync(new URL('../../src/server/modules/areas/bangladesh-areas.json', import.meta.url), 'utf8'),
);
const areaIds = new Set(compiledAreas.areas.map((area) => area.id));

// Unions: their upazila by the data set's id, as compile-areas.mjs names it.
const districtOf = new Map(csv('districts/districts.csv').map(([id, , name]) => [id, slug(name)]));
const upazilaOf = new Map(
  csv('upazilas/upazilas.csv').map(([id, districtId, name]) => [id, `${districtOf.get(districtId)}-${slug(name)}`]),
);
const unions = {};
for (const [, upazilaId, name, nameBn] of csv('unions/unions.csv')) {
  const area = upazilaOf.get(upazilaId);
  if (!area || !areaIds.has(area)) throw new Error(`unions.csv: ${name} names no known upazila (${upazilaId})`);
  // One Bangla name in the source carries a stray right-to-left mark (Brahammandi).
  unions[area] = [...(unions[area] ?? []), [name, nameBn.replace(/[\u200e\u200f]/g, '')]];
}

/*
 * Post offices. Bangladesh Post spells districts and thanas its own way; a spelling is folded the way
 * transliterations differ (sh/s, oo/u, gonj/ganj, …) before it is compared with the areas' names.
 */
const fold = (name) =>
  slug(name)
    .replace(/-/g, '')
    .replace(/gonj|gunj/g, 'ganj')
    .replace(/(.)\1/g, '$1')
    .replace(/([bdgkpt])h/g, '$1')
    .replace(/sh|s/g, 's')
    .replace(/ou|oo|u/g, 'o')
    .replace(/[wv]/g, 'b')
    .replace(/[zy]/g, 'j')
    .replace(/ee|i/g, 'e')
    .replace(/a/g, 'o')
    .replace(/(.)\1/g, '$1');

const districtByFold = new Map(compiledAreas.districts.map((district) => [fold(district.name), district.id]));
const DISTRICT_SPELLINGS = {
  nawabganj: 'chapainawabganj',
  chapinawabganj: 'chapainawabganj',
  khagrachari: 'khagrachhari',
  maulvibazar: 'moulvibazar',
};
const geojsonDistricts = new Map(
  JSON.parse(readFileSync(join(geojson, 'bd-districts.json'), 'utf8')).districts.map((district) => [district.id, district.name]),
);
const districtIdOf = (name) => DISTRICT_SPELLINGS[slug(name)] ?? districtByFold.get(fold(name));

/*
 * Thanas of Bangladesh Post's list that are not (or no longer) an upazila of the areas' list, and the area
 * that now holds them: city post offices are named by the city thana they stand in, others by the upazila
 * that took the old thana in (Monnunagar is Tongi, in Gazipur Sadar).
 */
const THANAS = {
  'dhaka/dhaka-cantt': 'dhaka-cantonment',
  'dhaka/joypara': 'dhaka-dohar',
  'dhaka/new-market': 'dhaka-new-market',
  'dhaka/palton': 'dhaka-paltan',
  'dhaka/sabujbag': 'dhaka-sabujbagh',
  'dhaka/lalbag': 'dhaka-lalbagh',
  'dhaka/uttara': 'dhaka-uttara-east',
  'gazipur/monnunagar': 'gazipur-gazipur-sadar',
  'gazipur/sripur': 'gazipur-sreepur',
  'narayanganj/fatullah': 'narayanganj-narayanganj-sadar',
  'narayanganj/siddirganj': 'narayanganj-narayanganj-sadar',
  'patuakhali/subidkhali': 'patuakhali-mirzaganj',
  'pirojpur/banaripara': 'barisal-banaripara',
  'bandarban/naikhong': 'bandarban-naikhongchhari',
  'chandpur/matlobganj': 'chandpur-matlab-south',
  'chattogram/east-joara': 'chattogram-chandanaish',
  'chattogram/chittagong-sadar': 'chattogram-kotwali',
  'coxsbazar/gorakghat': 'coxsbazar-moheshkhali',
  'feni/pashurampur': 'feni-parshuram',
  'lakshmipur/char-alexgander': 'lakshmipur-ramgati',
  'noakhali/basurhat': 'noakhali-companiganj',
  'madaripur/barhamganj': 'madaripur-shibchar',
  'netrokona/susung-durgapur': 'netrokona-durgapur',
  'netrokona/dharmapasha': 'sunamganj-dharmapasha',
  'netrokona/dhobaura': 'mymensingh-dhobaura',
  'netrokona/moddhynagar': 'sunamganj-madhyanagar',
  'sherpur/bakshigonj': 'jamalpur-bokshiganj',
  'sherpur/sherpur-shadar': 'sherpur-sherpur-sadar',
  'bagerhat/chalna-ankorage': 'bagerhat-mongla',
  'khulna/chalna-bazar': 'khulna-dakop',
  'chuadanga/doulatganj': 'chuadanga-jibannagar',
  'natore/harua': 'natore-baraigram',
  'natore/hatgurudaspur': 'natore-gurudaspur',
  'rajshahi/bhabaniganj': 'rajshahi-bagmara',
  'rajshahi/khod-mohanpur': 'rajshahi-mohonpur',
  'dinajpur/bangla-hili': 'dinajpur-hakimpur',
  'dinajpur/setabganj': 'dinajpur-bochaganj',
  'habiganj/kalauk': 'habiganj-lakhai',
  'sunamganj/dhirai-chandpur': 'sunamganj-derai',
};
/** Chattogram's city post offices named by what they serve, not by their thana. */
const CITY_POST_OFFICES = { 'Export Processing': 'chattogram-epz', 'Chittagong Airport': 'chattogram-patenga' };
/**
 * Thanas whose post offices are left out: Khulna's and Rajshahi's city thanas, which the areas do not
 * have yet (SOURCE.md), and a few old thanas whose upazila today is not known for certain.
 */
const LEFT_OUT = new Set([
  'khulna/khulna-sadar',
  'khulna/madinabad',
  'rajshahi/lalitganj',
  'rajshahi/rajshahi-sadar',
  'sirajgonj/baiddya-jam-toil',
  'dinajpur/maharajganj',
  'panchagarh/chotto-dab',
  'thakurgaon/jibanpur',
  'sunamganj/ghungiar',
  'sunamganj/sachna',
  'barishal/sahebganj',
  'bhola/hatshoshiganj',
  'faridpur/shriangan',
  'tangail/kashkaolia',
  'narail/mohajan',
  'natore/laxman',
]);
/** Post offices Bangladesh Post names differently today: 1710 is Tongi. */
const POST_OFFICE_NAMES = { 1710: 'Tongi', 1230: 'Uttara Model Town' };

const areasOf = new Map();
for (const area of compiledAreas.areas) areasOf.set(area.districtId, [...(areasOf.get(area.districtId) ?? []), area]);

/** Letters apart, at most `most` (a replacement, an addition or a removal each one). */
function within(a, b, most) {
  if (Math.abs(a.length - b.length) > most) return false;
  let above = [...Array(b.length + 1).keys()];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(above[j] + 1, row[j - 1] + 1, above[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    above = row;
  }
  return above[b.length] <= most;
}
const plain = (name) =>
  name.replace(/\b(U\.?P\.?O|Head Office|Sadar|North|South|East|West|Middle|Chittagong|Chitt)\b\.?/gi, '').trim();
const unionsOf = new Map();
for (const [area, named] of Object.entries(unions)) {
  const district = area.slice(0, area.indexOf('-'));
  for (const [name] of named) unionsOf.set(district, [...(unionsOf.get(district) ?? []), { name, area }]);
}

function areaOf(district, thana, postOffice) {
  const candidates = areasOf.get(district) ?? [];
  const like = (places, name) => {
    const folded = fold(plain(name));
    if (folded.length < 3) return undefined;
    return (
      places.find((place) => fold(plain(place.name)) === folded) ??
      places.find((place) => within(fold(plain(place.name)), folded, folded.length >= 6 ? 2 : 1))
    );
  };
  const listed = THANAS[`${district}/${slug(thana)}`];
  // A big city's post office by its own name ("North Halishahar", "Chittagong Bandar") before its thana's.
  if (listed && candidates.some((area) => area.id === listed && area.city))
    return (
      CITY_POST_OFFICES[postOffice] ??
      like(
        candidates.filter((area) => area.city),
        postOffice,
      )?.id ??
      listed
    );
  if (listed) return listed;
  // The thana as an area; the thana or the post office as one of the district's unions (most post
  // offices are a union's); a city post office by its own name ("Halishahar"); else the district's Sadar.
  const unionsHere = unionsOf.get(district) ?? [];
  const found =
    like(candidates, thana) ??
    like(unionsHere, thana) ??
    like(candidates, postOffice) ??
    like(unionsHere, postOffice) ??
    (/sadar/i.test(thana) ? candidates.find((area) => /sadar$/i.test(area.name)) : undefined);
  return found?.id ?? found?.area;
}

/** The post office's own name, without Bangladesh Post's marks of a sub-office ("KhilkhetTSO", "Uttara Model TwonTSO"). */
const cleanName = (name) =>
  name
    .replace(/\s*(TSO|HO|SO|UO)$/i, '')
    .replace(/Twon/g, 'Town')
    .replace(/^(\p{Ll})/u, (letter) => letter.toUpperCase())
    .trim();

const postOffices = {};
const unmatched = [];
let leftOut = 0;
for (const office of JSON.parse(readFileSync(join(geojson, 'bd-postcodes.json'), 'utf8')).postcodes) {
  const districtName = office.district ?? geojsonDistricts.get(office.district_id);
  const district = districtIdOf(districtName);
  if (LEFT_OUT.has(`${slug(districtName)}/${slug(office.upazila)}`)) {
    leftOut++;
    continue;
  }
  const area = district && areaOf(district, office.upazila, office.postOffice);
  if (!area) {
    unmatched.push(`${districtName}/${office.upazila}/${office.postOffice}`);
    continue;
  }
  const code = Number(office.postCode);
  postOffices[area] = [...(postOffices[area] ?? []), [POST_OFFICE_NAMES[code] ?? cleanName(office.postOffice), code]];
}
if (unmatched.length > 0) throw new Error(`post offices in no known area:\n${unmatched.join('\n')}`);

const neighbourhoods = JSON.parse(readFileSync(new URL('./neighbourhoods.json', import.meta.url), 'utf8'));
for (const area of Object.keys(neighbourhoods)) if (!areaIds.has(area)) throw new Error(`neighbourhoods.json: no area ${area}`);

const sorted = (byArea) => Object.fromEntries(Object.entries(byArea).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  new URL('../../src/server/modules/areas/places.json', import.meta.url),
  `${JSON.stringify({ neighbourhoods, postOffices: sorted(postOffices), unions: sorted(unions) })}\n`,
);
const count = (byArea) => Object.values(byArea).flat().length;
console.log(
  `${count(neighbourhoods)} neighbourhoods, ${count(postOffices)} post offices (${leftOut} left out), ${count(unions)} unions`,
);
