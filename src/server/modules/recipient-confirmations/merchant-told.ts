import { eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Transaction } from '#server/db/client.ts';
import { type consignments, user } from '#server/db/schema.ts';
import type { Translators } from '#server/i18n/catalogues.ts';
import { DEFAULT_LOCALE, isLocale } from '#shared/locale.ts';
import { englishText, translated } from '#shared/translate.ts';
import { queueMail } from '../mail/outbox.ts';
import { approvedMerchantOf } from '../merchants/ledger.ts';
import { queueSms } from '../sms/outbox.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';

type Parcel = typeof consignments.$inferSelect;
type Answer = { state: 'confirmed' | 'change_asked' | 'not_ordered'; address: string | null; phone: string | null };

/**
 * A recipient answered a parcel's link (R-CONFIRM-BEFORE-PICKUP, decision 182), in the answer's transaction:
 * the merchant's endpoints taking `consignment.recipient_answered` get every answer; a parcel not ordered, or a
 * change waiting for the merchant, is also texted to the pickup phone and mailed to the sender's account.
 */
export async function tellMerchantOfAnswer(
  tx: Transaction,
  config: Config,
  translators: Translators,
  parcel: Parcel,
  answer: Answer,
): Promise<void> {
  const merchantId = await approvedMerchantOf(tx, parcel.userId);
  if (merchantId)
    await queueWebhookEvent(tx, {
      merchantId,
      type: 'consignment.recipient_answered',
      // The parcel's own key: its answers and its moves reach an endpoint in the order they were written.
      orderingKey: parcel.id,
      data: {
        trackingCode: parcel.trackingCode,
        merchantInvoice: parcel.merchantInvoice,
        answer: answer.state,
        proposedAddress: answer.address,
        proposedPhone: answer.phone,
        at: new Date().toISOString(),
      },
    });
  if (answer.state === 'confirmed') return;
  const [sender] = parcel.userId
    ? await tx.select({ name: user.name, email: user.email, locale: user.locale }).from(user).where(eq(user.id, parcel.userId))
    : [];
  const locale = sender && isLocale(sender.locale) ? sender.locale : DEFAULT_LOCALE;
  const text =
    answer.state === 'not_ordered'
      ? englishText(
          /*i18n*/ '{shop}: the recipient of parcel {code} says they did not order it. It is held: it is not picked up.',
          {
            shop: config.shopName,
            code: parcel.trackingCode,
          },
        )
      : englishText(
          /*i18n*/ '{shop}: the recipient of parcel {code} asks to change its address or phone. Accept or decline it on the parcel’s page.',
          { shop: config.shopName, code: parcel.trackingCode },
        );
  await queueSms(tx, {
    kind: `parcel-${answer.state.replaceAll('_', '-')}`,
    phone: parcel.pickupPhone,
    text: translated(translators[locale], text),
  });
  if (sender)
    await queueMail(tx, {
      kind: 'recipient-answer',
      to: sender.email,
      data: {
        customerName: sender.name,
        trackingCode: parcel.trackingCode,
        answer: answer.state,
        proposedAddress: answer.address ?? undefined,
        proposedPhone: answer.phone ?? undefined,
      },
    });
}
