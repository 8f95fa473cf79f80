// Compiles Bangladesh's public holidays into src/server/modules/rates/bangladesh-holidays.json, the days
// off the courier's working days skip besides Fridays (R-WORKING-DAYS), from the maintained `date-holidays`
// library (its data for BD, the lunar holidays computed for each year; named in the file):
//   node scripts/holidays/compile-holidays.mjs [firstYear] [lastYear]
// Run it again when the library is updated or the last year comes near (a test asks for ten years ahead).
// A holiday the government announces that the library lacks is added to `extra` in the file by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Holidays from 'date-holidays';

const [first = 2024, last = 2040] = process.argv.slice(2).map(Number);
const target = new URL('../../src/server/modules/rates/bangladesh-holidays.json', import.meta.url);
const version = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('date-holidays/package.json'), 'utf8')).version;
const kept = (() => {
  try {
    return JSON.parse(readFileSync(target, 'utf8')).extra ?? [];
  } catch {
    return [];
  }
})();

const bangladesh = new Holidays('BD', { languages: ['en'] });
const days = [];
for (let year = first; year <= last; year++)
  for (const holiday of bangladesh.getHolidays(year))
    if (holiday.type === 'public') days.push({ day: holiday.date.slice(0, 10), name: holiday.name });

writeFileSync(
  target,
  `${JSON.stringify({ source: `date-holidays ${version}, country BD, public holidays`, firstYear: first, lastYear: last, days, extra: kept }, null, 2)}\n`,
);
console.log(`${days.length} public holidays, ${first}–${last}, from date-holidays ${version}; ${kept.length} added by hand`);
