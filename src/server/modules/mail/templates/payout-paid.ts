import { formatMoney } from '#shared/locale-format.ts';
import { LEDGER_KIND_NAMES, MERCHANT_PATH } from '#shared/merchant.ts';
import { PARCEL_CURRENCY, POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import type { PayoutFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/** The merchant's page, where the payout's lines and its CSV statement are. */
export const merchantLink = (writer: Writer) => writer.page(MERCHANT_PATH);

/** Issue 30: a payout is paid; its statement, summed by kind, and the way to every line. */
export function payoutPaidMail(writer: Writer, payout: PayoutFacts): RenderedMail {
  const { i18n, locale } = writer;
  const taka = (poisha: number) => formatMoney(poisha / POISHA_PER_TAKA, PARCEL_CURRENCY, locale);
  return composeMail(
    writer,
    i18n._('Payout {number} is paid: {amount}', { number: payout.number, amount: taka(payout.amount) }),
    writer.hello(payout.customerName),
    [
      i18n._('We paid {business} {amount}, reference {reference}. Here is what it covers:', {
        business: payout.businessName,
        amount: taka(payout.amount),
        reference: payout.reference,
      }),
      {
        rows: [
          ...payout.sums.map(({ kind, amount }): [string, string] => [i18n._(LEDGER_KIND_NAMES[kind]), taka(amount)]),
          [i18n._('Paid'), taka(payout.amount)],
        ],
      },
      { link: merchantLink(writer), label: i18n._('Every line of the statement') },
    ],
  );
}
