import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPayoutFileTemplates } from './payout-file-templates.ts';

describe('payout file templates kept as data (R-PAYOUT-FILES, decision 180)', () => {
  it('replaces a built-in template by the file of its name in PAYOUT_FILE_TEMPLATES_DIR, and keeps the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-templates-'));
    writeFileSync(
      join(dir, 'beftn.json'),
      JSON.stringify({
        name: 'Our bank',
        columns: [
          { heading: 'Routing', field: 'routingNumber' },
          { heading: 'Taka', field: 'amount', format: 'taka' },
          { heading: 'Type', value: 'SB' },
        ],
      }),
    );
    const templates = loadPayoutFileTemplates(dir);
    expect(templates.files.beftn.columns.map((column) => column.heading)).toEqual(['Routing', 'Taka', 'Type']);
    expect(templates.files.bkash.columns.map((column) => column.heading)).toEqual(['Wallet Number', 'Amount', 'Reference']);
  });

  it('stops the start, naming the file, when a template asks for a field that does not exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-templates-'));
    writeFileSync(join(dir, 'nagad.json'), JSON.stringify({ name: 'Nagad', columns: [{ heading: 'PIN', field: 'pin' }] }));
    expect(() => loadPayoutFileTemplates(dir)).toThrow(/nagad\.json is not a payout file template/);
  });
});
