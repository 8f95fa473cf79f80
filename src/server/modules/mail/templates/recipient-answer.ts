import { parcelPath } from '#shared/consignment.ts';
import type { RecipientAnswerFacts } from '../outbox.ts';
import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/** The parcel's page, where its sender accepts or declines the change, or cancels the parcel not ordered. */
export const recipientAnswerLink = (writer: Writer, answer: RecipientAnswerFacts) => writer.page(parcelPath(answer.trackingCode));

/**
 * R-CONFIRM-BEFORE-PICKUP (decision 182): a parcel's recipient said they did not order it, or asked to change
 * its address or phone; its sender is told by mail as well as by text, with the way to the parcel's page.
 */
export function recipientAnswerMail(writer: Writer, answer: RecipientAnswerFacts): RenderedMail {
  const { i18n } = writer;
  const code = answer.trackingCode;
  const notOrdered = answer.answer === 'not_ordered';
  return composeMail(
    writer,
    notOrdered
      ? i18n._('The recipient of parcel {code} says they did not order it', { code })
      : i18n._('The recipient of parcel {code} asks to change its address or phone', { code }),
    writer.hello(answer.customerName),
    [
      notOrdered
        ? i18n._('The recipient of parcel {code} says they did not order it. It is held: it is not picked up.', { code })
        : i18n._(
            'The recipient of parcel {code} asks to change its address or phone. Accept or decline it on the parcel’s page.',
            {
              code,
            },
          ),
      {
        rows: [
          [i18n._('Parcel'), code],
          ...(answer.proposedAddress ? [[i18n._('New address'), answer.proposedAddress] as [string, string]] : []),
          ...(answer.proposedPhone ? [[i18n._('New phone'), answer.proposedPhone] as [string, string]] : []),
        ],
      },
      { link: recipientAnswerLink(writer, answer), label: i18n._('Your parcel') },
    ],
  );
}
