import type { MailEvent } from '../outbox.ts';
import { emailVerificationMail, verifyEmailLink } from './email-verification.ts';
import type { RenderedMail, Shop } from './layout.ts';
import { orderCancelledMail } from './order-cancelled.ts';
import { orderReceivedMail, paymentLink } from './order-received.ts';
import { orderStatusMail } from './order-status.ts';
import { passwordResetMail, resetPasswordLink } from './password-reset.ts';
import { paymentReceiptMail } from './payment-receipt.ts';
import { signUpAttemptMail } from './sign-up-attempt.ts';
import { welcomeMail } from './welcome.ts';

/** A queued mail as the customer reads it. */
export function renderMail(shop: Shop, mail: MailEvent): RenderedMail {
  switch (mail.kind) {
    case 'order-received':
      return orderReceivedMail(shop, mail.data);
    case 'payment-receipt':
      return paymentReceiptMail(shop, mail.data);
    case 'order-cancelled':
      return orderCancelledMail(shop, mail.data);
    case 'order-status':
      return orderStatusMail(shop, mail.data);
    case 'password-reset':
      return passwordResetMail(shop, mail.data);
    case 'email-verification':
      return emailVerificationMail(shop, mail.data);
    case 'welcome':
      return welcomeMail(shop, mail.data);
    case 'sign-up-attempt':
      return signUpAttemptMail(shop, mail.data);
  }
}

/** The link a customer must follow, for the mails that carry one: printed to the log when no SMTP server is set. */
export function linkOf(shop: Shop, mail: MailEvent): string | undefined {
  if (mail.kind === 'password-reset') return resetPasswordLink(shop, mail.data.token);
  if (mail.kind === 'email-verification') return verifyEmailLink(shop, mail.data.token);
  if (mail.kind === 'order-received') return paymentLink(shop, mail.data.orderId);
  return undefined;
}
