import { formatCalendarDate, formatMoney } from '#shared/locale-format.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import type { FreightFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/** The freight requests' page the mails lead to. */
export const freightLink = (writer: Writer) => writer.page('/dashboard/freight');

/** R-FREIGHT: a mail at each step of a freight request, from the request to its day. */
export function freightRequestMail(writer: Writer, freight: FreightFacts): RenderedMail {
  const { i18n, locale } = writer;
  const day = (iso: string | undefined) => (iso ? formatCalendarDate(iso, locale) : '');
  const amount = formatMoney((freight.amount ?? 0) / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
  const subject: Record<FreightFacts['step'], string> = {
    requested: i18n._('We received your freight request {number}', { number: freight.number }),
    quoted: i18n._('Your freight quote {number}', { number: freight.number }),
    accepted: i18n._('You accepted freight quote {number}', { number: freight.number }),
    scheduled: i18n._('Freight {number} is scheduled', { number: freight.number }),
  };
  const says: Record<FreightFacts['step'], string> = {
    requested: i18n._('Thank you: our freight team will price your request and mail you the quote.'),
    quoted: i18n._('Your quote is {amount}, valid until {day}. Accept it on your freight requests page.', {
      amount,
      day: day(freight.validUntil),
    }),
    accepted: i18n._('Thank you for accepting {amount}. We will mail you the day your load moves.', { amount }),
    scheduled: i18n._('Your load moves on {day}. Our team will call you the day before.', { day: day(freight.scheduledFor) }),
  };
  return composeMail(writer, subject[freight.step], writer.hello(freight.customerName), [
    says[freight.step],
    {
      rows: [
        [i18n._('Request'), freight.number],
        [i18n._('From'), freight.origin],
        [i18n._('To'), freight.destination],
      ],
    },
    { link: freightLink(writer), label: i18n._('Your freight requests') },
  ]);
}
