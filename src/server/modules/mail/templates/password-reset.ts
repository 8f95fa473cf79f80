import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/** The reset page's address; the token is valid one hour, and once (R-PASSWORD-RESET). */
export function resetPasswordLink(writer: Writer, token: string): string {
  return writer.page(`/reset-password?token=${encodeURIComponent(token)}`);
}

export function passwordResetMail(writer: Writer, reset: { customerName: string; token: string }): RenderedMail {
  const { i18n } = writer;
  return composeMail(writer, i18n._('Reset your password'), writer.hello(reset.customerName), [
    i18n._('Someone asked to reset the password of your account. If it was you, choose a new password here:'),
    { label: i18n._('Choose a new password'), link: resetPasswordLink(writer, reset.token) },
    i18n._('The link works once, within one hour. If you did not ask for it, ignore this mail: your password stays as it is.'),
  ]);
}
