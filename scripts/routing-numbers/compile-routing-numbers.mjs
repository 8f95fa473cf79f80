// Compiles Bangladesh Bank's routing numbers into src/server/modules/merchants/bd-routing-numbers.json, the
// list a bank payout method's routing number is checked against (R-PAYOUT-FILES). The source is the MIT
// licensed `fintechbd/banco` package's seeders (banks and their branches with Bangladesh Bank's routing
// numbers; see the SOURCE.md beside the JSON). Give the path of a checkout of that repository:
//   node scripts/routing-numbers/compile-routing-numbers.mjs /path/to/banco
// The seeders drop a routing number's leading zero (Agrani Bank's 010010048 is written 10010048); a
// routing number is nine digits, so each is padded back.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [root] = process.argv.slice(2);
if (!root) throw new Error('give the path of a checkout of fintechbd/banco');
const seeders = join(root, 'src/Seeders/Bangladesh');

const banks = new Map();
for (const [, id, name] of readFileSync(join(seeders, 'BankSeeder.php'), 'utf8').matchAll(
  /'id' => '(\d+)',\s*'country_id' => '\d+',[\s\S]*?'name' => '([^']+)'/g,
))
  banks.set(id, name);

const byBank = {};
let count = 0;
for (const file of readdirSync(join(seeders, 'Branches'))
  .filter((name) => name.endsWith('Seeder.php'))
  .sort()) {
  const text = readFileSync(join(seeders, 'Branches', file), 'utf8');
  for (const [, bankId, routing] of text.matchAll(/'bank_id' => '(\d+)',[\s\S]*?'routing_no' => '(\d+)'/g)) {
    const bank = banks.get(bankId);
    if (!bank) throw new Error(`${file}: no bank ${bankId}`);
    const number = routing.padStart(9, '0');
    if (!/^\d{9}$/.test(number)) throw new Error(`${file}: ${routing} is not a routing number`);
    byBank[bank] ??= [];
    const list = byBank[bank];
    if (!list.includes(number)) {
      list.push(number);
      count += 1;
    }
  }
}
for (const list of Object.values(byBank)) list.sort();
const target = new URL('../../src/server/modules/merchants/bd-routing-numbers.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(Object.fromEntries(Object.entries(byBank).sort()))}\n`);
console.log(`${count} routing numbers of ${Object.keys(byBank).length} banks written to ${target.pathname}`);
