import { readFile, writeFile } from 'node:fs/promises';
import { SDK_TYPES_FILE, sdkTypesOf } from './sdk-types.ts';

/**
 * `npm run sdk:generate [-- <document URL>] [--check]`: the SDK's types from a running shop's merchant API
 * document (`npm start`'s by default). With `--check` nothing is written: it fails when the committed
 * types differ from the live document (the SDK's test runs it against its own server).
 */
const args = process.argv.slice(2);
const check = args.includes('--check');
const url = args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3000/api/v1/openapi.json';

const response = await fetch(url);
if (!response.ok) throw new Error(`${url} answered ${response.status}`);
const types = await sdkTypesOf(await response.text());
if (check) {
  const committed = await readFile(SDK_TYPES_FILE, 'utf8').catch(() => '');
  if (committed !== types) {
    console.error(`packages/sdk/src/openapi.ts differs from ${url}: run npm run sdk:generate and commit it.`);
    process.exit(1);
  }
  console.log('packages/sdk/src/openapi.ts is the live document’s.');
} else {
  await writeFile(SDK_TYPES_FILE, types);
  console.log(`packages/sdk/src/openapi.ts written from ${url}.`);
}
