import { eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Transaction } from '#server/db/client.ts';
import { user } from '#server/db/schema.ts';
import type { Translators } from '#server/i18n/catalogues.ts';
import { trackingPath } from '#shared/consignment.ts';
import type { FailureReason } from '#shared/consignment-status.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, pathInLocale } from '#shared/locale.ts';
import { formatMoney } from '#shared/locale-format.ts';
import { FAILURE_REASON_WORDS } from '#shared/parcel-events.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { englishText, translated } from '#shared/translate.ts';
import { reopenAfterFailure } from '../recipient-confirmations/service.ts';
import { queueSms, queueSmsWithinBudget } from '../sms/outbox.ts';
import type { BulkNotice } from './bulk-booking.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import type { MoveNotice } from './moves.ts';
import { mailParcelStep } from './parcel-mails.ts';

/** The language a parcel's texts are written in: its sender's account's (R-LANGUAGES); English without one. */
async function senderLocale(tx: Transaction, row: Pick<ConsignmentRow, 'userId'>): Promise<Locale> {
  if (!row.userId) return DEFAULT_LOCALE;
  const [sender] = await tx.select({ locale: user.locale }).from(user).where(eq(user.id, row.userId)).limit(1);
  return sender && isLocale(sender.locale) ? sender.locale : DEFAULT_LOCALE;
}

/** The texts of a parcel's steps, in English; `translated` writes them in the reader's language. */
function parcelText(
  row: Pick<ConsignmentRow, 'status' | 'trackingCode' | 'pickupName' | 'codAmount'>,
  facts: { shop: string; link: string; cod: string; deliveryCode?: string; reason?: FailureReason },
) {
  const values = { shop: facts.shop, code: row.trackingCode, link: facts.link };
  switch (row.status) {
    case 'booked':
      return englishText(/*i18n*/ '{shop}: {sender} sent you parcel {code}. Follow it at {link}', {
        ...values,
        sender: row.pickupName,
      });
    case 'out_for_delivery':
      if (!facts.deliveryCode) return undefined;
      return row.codAmount > 0
        ? englishText(
            /*i18n*/ '{shop}: parcel {code} is out for delivery today. Give the rider the code {deliveryCode} and pay {cod}.',
            {
              ...values,
              deliveryCode: facts.deliveryCode,
              cod: facts.cod,
            },
          )
        : englishText(/*i18n*/ '{shop}: parcel {code} is out for delivery today. Give the rider the code {deliveryCode}.', {
            ...values,
            deliveryCode: facts.deliveryCode,
          });
    case 'delivered':
      return englishText(/*i18n*/ '{shop}: parcel {code} is delivered. Thank you.', values);
    case 'delivery_failed':
      return englishText(/*i18n*/ '{shop}: we could not deliver parcel {code} today: {reason}. Follow it at {link}', {
        ...values,
        reason: FAILURE_REASON_WORDS[facts.reason ?? 'other'],
      });
    default:
      return undefined;
  }
}

/** A parcel's tracking address in its sender's language. */
const trackingLink = (config: Config, locale: Locale, row: Pick<ConsignmentRow, 'trackingCode'>) =>
  new URL(pathInLocale(locale, trackingPath(row.trackingCode)), config.publicUrl).toString();

/**
 * What a parcel's people are told as it moves (issue 29), in the move's transaction: by text message,
 * the recipient when it is booked, goes out for delivery (with the code to give the rider and the cash
 * to pay), is delivered or could not be, and the sender when it came back; by mail, its sender at each
 * step and a shop order's buyer when it goes out or could not be delivered (parcel-mails.ts).
 */
export function parcelNotices(config: Config, translators: Translators): MoveNotice {
  return async (tx, row, { deliveryCode, reason }) => {
    await mailParcelStep(tx, row, { deliveryCode, reason });
    const locale = await senderLocale(tx, row);
    const link = trackingLink(config, locale, row);
    const cod = formatMoney(row.codAmount / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
    const i18n = translators[locale];
    if (row.status === 'returned') {
      const text = englishText(/*i18n*/ '{shop}: parcel {code} for {recipient} came back to you.', {
        shop: config.shopName,
        code: row.trackingCode,
        recipient: row.recipientName,
      });
      await queueSms(tx, { kind: 'parcel-returned', phone: row.pickupPhone, text: translated(i18n, text) });
      return;
    }
    const text = parcelText(row, { shop: config.shopName, link, cod, deliveryCode, reason });
    if (!text) return;
    const message = {
      kind: `parcel-${row.status.replaceAll('_', '-')}`,
      phone: row.recipientPhone,
      text: translated(i18n, text),
    };
    // A booking's text is the one a sender sets off at will, so only it has a budget per number; the
    // texts of a parcel on its way (the delivery code among them) always go (decision 108).
    if (row.status === 'booked') await queueSmsWithinBudget(tx, [message], config.rateLimits.bookingTextsPerNumberPerDay);
    else await queueSms(tx, message);
    // The recipient of a parcel asked to confirm may correct its address or phone before the next attempt.
    if (row.status === 'delivery_failed') await reopenAfterFailure(tx, config, translators, row, reason);
  };
}

/**
 * A bulk booking's recipients, each told by text message as one booked parcel's is, in one statement
 * (R-BULK-BOOKING). Its sender is not mailed parcel by parcel: the upload's answer lists what was booked.
 */
export function bulkBookedNotices(config: Config, translators: Translators): BulkNotice {
  return async (tx, booked) => {
    const [first] = booked;
    if (!first) return;
    const locale = await senderLocale(tx, first);
    const i18n = translators[locale];
    const messages = booked.flatMap((row) => {
      const text = parcelText(row, { shop: config.shopName, link: trackingLink(config, locale, row), cod: '' });
      return text ? [{ kind: 'parcel-booked', phone: row.recipientPhone, text: translated(i18n, text) }] : [];
    });
    await queueSmsWithinBudget(tx, messages, config.rateLimits.bookingTextsPerNumberPerDay);
  };
}
