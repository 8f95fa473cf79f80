import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeMailPreviews } from './preview.ts';

describe('npm run mail:preview (decision 0018)', () => {
  it('writes every mail in HTML and plain text with demo data, and an index linking them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mail-preview-'));
    const files = await writeMailPreviews(folder);
    const kinds = ['order-received', 'payment-receipt', 'order-cancelled-customer', 'order-cancelled-shop'];
    kinds.push('order-cancelled-expiry', 'order-status-shipped', 'order-status-delivered', 'order-status-refunded');
    kinds.push('password-reset', 'email-verification', 'welcome', 'sign-up-attempt');
    kinds.push('freight-request-requested', 'freight-request-quoted', 'freight-request-accepted', 'freight-request-scheduled');
    for (const step of ['booked', 'out-for-delivery', 'delivered', 'partially-delivered', 'delivery-failed', 'returned'])
      kinds.push(`parcel-step-sender-${step}`);
    kinds.push('parcel-step-recipient-out-for-delivery', 'parcel-step-recipient-delivery-failed', 'payout-paid');
    // A recipient's answer the merchant is mailed (R-CONFIRM-BEFORE-PICKUP, decision 182).
    kinds.push('recipient-answer-change_asked', 'recipient-answer-not_ordered');
    const names = kinds.flatMap((kind) => [kind, `${kind}.bn`]);
    expect(files.sort()).toEqual([...names.flatMap((name) => [`${name}.html`, `${name}.txt`]), 'index.html'].sort());
    expect(readFileSync(join(folder, 'payment-receipt.txt'), 'utf8')).toContain('pi_3PdemoTransaction');
    expect(readFileSync(join(folder, 'order-status-shipped.txt'), 'utf8')).toContain('JD014600006281');
    expect(readFileSync(join(folder, 'email-verification.html'), 'utf8')).toContain('/api/auth/verify-email?token=demo-token');
    // Only the recipient is told the delivery code; the sender is not.
    expect(readFileSync(join(folder, 'parcel-step-recipient-out-for-delivery.txt'), 'utf8')).toContain('482915');
    expect(readFileSync(join(folder, 'parcel-step-sender-out-for-delivery.txt'), 'utf8')).not.toContain('482915');
    const index = readFileSync(join(folder, 'index.html'), 'utf8');
    for (const name of names) expect(index).toContain(`href="${name}.html"`);
    // Bangla mails are written in Bangla, with links to the Bangla pages (R-LANGUAGES).
    const bangla = readFileSync(join(folder, 'password-reset.bn.txt'), 'utf8');
    expect(bangla).toMatch(/[\u0980-\u09FF]/);
    expect(bangla).toContain('http://localhost:3000/bn/reset-password?token=demo-token');
  });
});
