import type { I18n } from '@lingui/core';
import type { Translators } from '#server/i18n/catalogues.ts';
import { type Locale, pathInLocale } from '#shared/locale.ts';
import { formatShopPrice } from '#shared/locale-format.ts';
import { centsToDollars } from '#shared/money.ts';
import type { OrderFacts } from '../outbox.ts';

/** Who is writing: the shop's name and its public address (for links), and its words in each language. */
export interface Shop {
  name: string;
  publicUrl: string;
  /** TIME_ZONE: the dates a mail gives are in it (R-LOCALE). */
  timeZone: string;
  /** CURRENCY: the prices a mail gives are in it. */
  currency: string;
  translators: Translators;
}

/** The shop writing to one recipient: in their language, with links to its pages in that language (R-LANGUAGES). */
export interface Writer {
  shop: Shop;
  i18n: I18n;
  locale: Locale;
  /** A page of the shop, absolute, in the recipient's language: "/login" is ".../bn/login" in Bangla. */
  page: (path: string) => string;
  /** An amount as the recipient reads it: "$ 12.00", "১২.০০$". */
  price: (cents: number) => string;
  /** "Hello Asha,": every mail's greeting. */
  hello: (name: string) => string;
}

/** The shop as its mails name it, from the settings. */
export function mailingShop(
  config: { shopName: string; publicUrl: string; timeZone: string; currency: string },
  translators: Translators,
): Shop {
  return {
    name: config.shopName,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    currency: config.currency,
    translators,
  };
}

export function writerFor(shop: Shop, locale: Locale = 'en'): Writer {
  const i18n = shop.translators[locale];
  return {
    shop,
    i18n,
    locale,
    page: (path) => `${shop.publicUrl}${pathInLocale(locale, path)}`,
    price: (cents) => formatShopPrice(centsToDollars(cents), shop.currency, locale),
    hello: (name) => i18n._('Hello {name},', { name }),
  };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One paragraph, or a link the customer follows (shown as a button in HTML, as the plain address in text). */
export type Block = string | { link: string; label: string } | { rows: [string, string][] };

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('link' in block) return `${block.label}: ${block.link}`;
  return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px">${escapeHtml(block)}</p>`;
  if ('link' in block) {
    return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(block.link)}</p>`;
  }
  const rows = block.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555555">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
}

/**
 * Every mail's frame, in HTML and plain text: the shop's name, a greeting and the blocks. Inline styles
 * only, no remote images, no tracking pixels or rewritten links (R-MAIL-CONTENT).
 */
export function composeMail({ shop, locale }: Writer, subject: string, greeting: string, blocks: Block[]): RenderedMail {
  const text = [shop.name, '', greeting, '', ...blocks.flatMap((block) => [blockText(block), '']), `— ${shop.name}`].join('\n');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px"><h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(shop.name)}</h1><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${blocks.map(blockHtml).join('')}<p style="margin:24px 0 0;color:#555555">— ${escapeHtml(shop.name)}</p></div></body></html>`;
  return { subject: `${subject} — ${shop.name}`, text, html };
}

/** The order, product, quantity and total rows every order mail gives. */
export function orderRows({ i18n, price }: Writer, order: OrderFacts, total = i18n._('Total')): [string, string][] {
  return [
    [i18n._('Order'), order.orderNumber ?? order.orderId],
    [i18n._('Product'), order.product],
    [i18n._('Quantity'), i18n.number(order.quantity)],
    [total, price(order.totalCents)],
  ];
}
