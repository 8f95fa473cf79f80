import { parcelPath, trackingPath } from '#shared/consignment.ts';
import { formatMoney } from '#shared/locale-format.ts';
import { FAILURE_REASON_WORDS } from '#shared/parcel-events.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import type { ParcelFacts, ParcelMailStep } from '../outbox.ts';
import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/** Where a parcel's mail leads: its sender to the parcel's page, its recipient to the public tracking. */
export const parcelLink = (writer: Writer, parcel: ParcelFacts) =>
  writer.page(parcel.reader === 'sender' ? parcelPath(parcel.trackingCode) : trackingPath(parcel.trackingCode));

/** R-PARCEL-MAILS: a parcel's step, told to its sender or to its recipient. */
export function parcelStepMail(writer: Writer, parcel: ParcelFacts): RenderedMail {
  const { i18n, locale } = writer;
  const taka = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
  const code = parcel.trackingCode;
  const recipient = parcel.recipientName;
  const district = locale === 'bn' ? parcel.district.nameBn : parcel.district.name;
  const reason = i18n._(FAILURE_REASON_WORDS[parcel.reason ?? 'other']);
  const collected = taka(parcel.codCollected ?? 0);
  const toSender: Record<ParcelMailStep, [string, string]> = {
    booked: [
      i18n._('Parcel {code} is booked', { code }),
      i18n._('Your parcel for {recipient} in {district} is booked. Print its label and stick it on the parcel before pickup.', {
        recipient,
        district,
      }),
    ],
    out_for_delivery: [
      i18n._('Parcel {code} is out for delivery', { code }),
      i18n._('A rider is bringing your parcel to {recipient} in {district} today.', { recipient, district }),
    ],
    delivered: [
      i18n._('Parcel {code} is delivered', { code }),
      i18n._('{recipient} received your parcel. Cash collected: {collected}.', { recipient, collected }),
    ],
    partially_delivered: [
      i18n._('Parcel {code} was partly delivered', { code }),
      i18n._('{recipient} took part of your parcel. Cash collected: {collected}. Its page says what was handed over.', {
        recipient,
        collected,
      }),
    ],
    delivery_failed: [
      i18n._('Parcel {code} could not be delivered today', { code }),
      i18n._('Our rider could not deliver your parcel to {recipient}: {reason}. We will try again, or bring it back to you.', {
        recipient,
        reason,
      }),
    ],
    returned: [
      i18n._('Parcel {code} came back to you', { code }),
      i18n._('Your parcel for {recipient} came back to you.', { recipient }),
    ],
  };
  const toRecipient: Partial<Record<ParcelMailStep, [string, string]>> = {
    out_for_delivery: [
      i18n._('Your parcel {code} arrives today', { code }),
      parcel.codAmount > 0
        ? i18n._('A rider brings it today. Give the rider the code {deliveryCode} and pay {cod}.', {
            deliveryCode: parcel.deliveryCode ?? '',
            cod: taka(parcel.codAmount),
          })
        : i18n._('A rider brings it today. Give the rider the code {deliveryCode}.', { deliveryCode: parcel.deliveryCode ?? '' }),
    ],
    delivery_failed: [
      i18n._('We could not deliver your parcel {code} today', { code }),
      i18n._('Our rider could not deliver it: {reason}. We will try again.', { reason }),
    ],
  };
  const [subject, says] =
    (parcel.reader === 'sender' ? toSender[parcel.step] : toRecipient[parcel.step]) ?? toSender[parcel.step];
  return composeMail(writer, subject, writer.hello(parcel.customerName), [
    says,
    { rows: [[i18n._('Tracking code'), code]] },
    {
      link: parcelLink(writer, parcel),
      label: parcel.reader === 'sender' ? i18n._('Your parcel') : i18n._('Follow your parcel'),
    },
  ]);
}
