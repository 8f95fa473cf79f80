import type { MailEvent } from '../outbox.ts';
import { emailVerificationMail, verifyEmailLink } from './email-verification.ts';
import { freightLink, freightRequestMail } from './freight-request.ts';
import { type RenderedMail, type Shop, writerFor } from './layout.ts';
import { orderCancelledMail } from './order-cancelled.ts';
import { orderReceivedMail, paymentLink } from './order-received.ts';
import { orderStatusMail } from './order-status.ts';
import { parcelLink, parcelStepMail } from './parcel-step.ts';
import { passwordResetMail, resetPasswordLink } from './password-reset.ts';
import { paymentReceiptMail } from './payment-receipt.ts';
import { merchantLink, payoutPaidMail } from './payout-paid.ts';
import { recipientAnswerLink, recipientAnswerMail } from './recipient-answer.ts';
import { signUpAttemptMail } from './sign-up-attempt.ts';
import { welcomeMail } from './welcome.ts';

/** A queued mail as the customer reads it. */
export function renderMail(shop: Shop, mail: MailEvent): RenderedMail {
  const writer = writerFor(shop, mail.locale);
  switch (mail.kind) {
    case 'order-received':
      return orderReceivedMail(writer, mail.data);
    case 'payment-receipt':
      return paymentReceiptMail(writer, mail.data);
    case 'order-cancelled':
      return orderCancelledMail(writer, mail.data);
    case 'order-status':
      return orderStatusMail(writer, mail.data);
    case 'password-reset':
      return passwordResetMail(writer, mail.data);
    case 'email-verification':
      return emailVerificationMail(writer, mail.data);
    case 'welcome':
      return welcomeMail(writer, mail.data);
    case 'sign-up-attempt':
      return signUpAttemptMail(writer, mail.data);
    case 'freight-request':
      return freightRequestMail(writer, mail.data);
    case 'parcel-step':
      return parcelStepMail(writer, mail.data);
    case 'payout-paid':
      return payoutPaidMail(writer, mail.data);
    case 'recipient-answer':
      return recipientAnswerMail(writer, mail.data);
  }
}

/** The link a customer must follow, for the mails that carry one: printed to the log when no SMTP server is set. */
export function linkOf(shop: Shop, mail: MailEvent): string | undefined {
  const writer = writerFor(shop, mail.locale);
  if (mail.kind === 'password-reset') return resetPasswordLink(writer, mail.data.token);
  if (mail.kind === 'email-verification') return verifyEmailLink(writer, mail.data.token);
  if (mail.kind === 'order-received') return paymentLink(writer, mail.data.orderId);
  if (mail.kind === 'freight-request') return freightLink(writer);
  if (mail.kind === 'parcel-step') return parcelLink(writer, mail.data);
  if (mail.kind === 'payout-paid') return merchantLink(writer);
  if (mail.kind === 'recipient-answer') return recipientAnswerLink(writer, mail.data);
  return undefined;
}
