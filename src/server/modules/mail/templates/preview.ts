import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadTranslators } from '#server/i18n/catalogues.ts';
import { LOCALES } from '#shared/locale.ts';
import { DEFAULT_TIME_ZONE } from '#shared/locale-format.ts';
import { type MailEvent, type MailKind, type OrderFacts, PARCEL_MAIL_STEPS } from '../outbox.ts';
import { mailingShop, type Shop } from './layout.ts';
import { renderMail } from './render.ts';

const DEMO_SETTINGS = {
  shopName: 'SwiftCargo',
  publicUrl: 'http://localhost:3000',
  timeZone: DEFAULT_TIME_ZONE,
  currency: 'usd',
};
const DEMO_ORDER: OrderFacts = {
  customerName: 'Ines Moreau',
  orderId: '0b6f3f9e-3c1d-4c55-9d5e-8f1b2a7c4d10',
  orderNumber: 'SC-100042',
  product: 'PortaRoute Travel Router',
  quantity: 2,
  totalCents: 9900,
};
const TO = 'ines@example.com';

/** One mail of every kind with made-up facts: the record's type makes a new kind fail to compile until it has a demo. */
const DEMO_MAILS: { [K in MailKind]: Extract<MailEvent, { kind: K }> | Extract<MailEvent, { kind: K }>[] } = {
  'order-received': { kind: 'order-received', to: TO, data: DEMO_ORDER },
  'payment-receipt': {
    kind: 'payment-receipt',
    to: TO,
    data: { ...DEMO_ORDER, transactionId: 'pi_3PdemoTransaction', paidAt: '2026-11-23T14:00:00.000Z' },
  },
  'order-cancelled': (['customer', 'shop', 'expiry'] as const).map((by) => ({
    kind: 'order-cancelled' as const,
    to: TO,
    data: { ...DEMO_ORDER, by },
  })),
  'order-status': (['shipped', 'delivered', 'refunded'] as const).map((status) => ({
    kind: 'order-status' as const,
    to: TO,
    data: { ...DEMO_ORDER, status, carrier: 'DHL Express', trackingNumber: 'JD014600006281', note: '' },
  })),
  'password-reset': { kind: 'password-reset', to: TO, data: { customerName: DEMO_ORDER.customerName, token: 'demo-token' } },
  'email-verification': {
    kind: 'email-verification',
    to: TO,
    data: { customerName: DEMO_ORDER.customerName, token: 'demo-token' },
  },
  welcome: { kind: 'welcome', to: TO, data: { customerName: DEMO_ORDER.customerName } },
  'sign-up-attempt': { kind: 'sign-up-attempt', to: TO, data: { customerName: DEMO_ORDER.customerName } },
  'freight-request': (['requested', 'quoted', 'accepted', 'scheduled'] as const).map((step) => ({
    kind: 'freight-request' as const,
    to: TO,
    data: {
      customerName: DEMO_ORDER.customerName,
      number: 'FR-1001',
      mode: 'road' as const,
      origin: 'Tongi, Gazipur',
      destination: 'Chattogram port',
      step,
      amount: 4_500_000,
      validUntil: '2026-12-10',
      scheduledFor: '2026-12-14',
    },
  })),
  'parcel-step': [
    ...PARCEL_MAIL_STEPS.map((step) => ({ step, reader: 'sender' as const })),
    { step: 'out_for_delivery' as const, reader: 'recipient' as const },
    { step: 'delivery_failed' as const, reader: 'recipient' as const },
  ].map(({ step, reader }) => ({
    kind: 'parcel-step' as const,
    to: TO,
    data: {
      customerName: DEMO_ORDER.customerName,
      reader,
      trackingCode: 'SC7K2M9Q4T8XA',
      step,
      recipientName: 'Karim Mia',
      district: { name: 'Sylhet', nameBn: 'সিলেট' },
      codAmount: 250_000,
      codCollected: step === 'partially_delivered' ? 120_000 : 250_000,
      reason: 'unreachable' as const,
      deliveryCode: '482915',
    },
  })),
  'payout-paid': {
    kind: 'payout-paid',
    to: TO,
    data: {
      customerName: DEMO_ORDER.customerName,
      businessName: 'Moreau Gadgets',
      payoutId: '6f1c2b8e-5d4a-4f3b-9e2d-1a0b9c8d7e6f',
      number: 'PO-5001',
      amount: 1_173_000,
      reference: 'BRAC-TRX-88213',
      sums: [
        { kind: 'cod_collected', amount: 1_250_000 },
        { kind: 'delivery_fee', amount: -54_000 },
        { kind: 'cod_fee', amount: -19_000 },
        { kind: 'return_charge', amount: -4_000 },
      ],
    },
  },
  'recipient-answer': [
    {
      kind: 'recipient-answer',
      to: TO,
      data: { customerName: DEMO_ORDER.customerName, trackingCode: 'SC0D4R7KQ9XM2', answer: 'not_ordered' },
    },
    {
      kind: 'recipient-answer',
      to: TO,
      data: {
        customerName: DEMO_ORDER.customerName,
        trackingCode: 'SC0D4R7KQ9XM2',
        answer: 'change_asked',
        proposedAddress: 'House 14, Road 3, near the mosque',
        proposedPhone: '01712345678',
      },
    },
  ],
};

/** The file names the preview writes, one pair per demo mail: `<kind>[-<variant>][.<language>].html` and `.txt`. */
function previewName(mail: MailEvent): string {
  if (mail.kind === 'order-cancelled') return `${mail.kind}-${mail.data.by}`;
  if (mail.kind === 'freight-request') return `${mail.kind}-${mail.data.step}`;
  if (mail.kind === 'recipient-answer') return `${mail.kind}-${mail.data.answer}`;
  if (mail.kind === 'parcel-step') return `${mail.kind}-${mail.data.reader}-${mail.data.step.replaceAll('_', '-')}`;
  return mail.kind === 'order-status' ? `${mail.kind}-${mail.data.status}` : mail.kind;
}

/**
 * Writes every template's HTML and plain text, with demo data, into `folder` (`npm run mail:preview`,
 * decision 0018), plus an index.html linking them; answers the files written.
 */
export async function writeMailPreviews(folder: string, given?: Shop): Promise<string[]> {
  const shop = given ?? mailingShop(DEMO_SETTINGS, await loadTranslators());
  await mkdir(folder, { recursive: true });
  const written: string[] = [];
  const entries: string[] = [];
  const mails = LOCALES.flatMap((locale) =>
    Object.values(DEMO_MAILS)
      .flat()
      .map((mail) => ({ ...mail, locale })),
  );
  for (const mail of mails) {
    const name = mail.locale === 'en' ? previewName(mail) : `${previewName(mail)}.${mail.locale}`;
    const rendered = renderMail(shop, mail);
    await writeFile(join(folder, `${name}.html`), rendered.html);
    await writeFile(join(folder, `${name}.txt`), rendered.text);
    written.push(`${name}.html`, `${name}.txt`);
    entries.push(`<li>${name}: <a href="${name}.html">HTML</a> · <a href="${name}.txt">text</a></li>`);
  }
  await writeFile(join(folder, 'index.html'), `<!doctype html><title>Mail previews</title><ul>${entries.join('')}</ul>`);
  return [...written, 'index.html'];
}
