import { pathInLocale } from '#shared/locale.ts';
import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/** Better Auth's own verification endpoint; it marks the email verified and sends the customer to the shop (R-EMAIL-VERIFY). */
export function verifyEmailLink({ shop, locale }: Writer, token: string): string {
  const home = pathInLocale(locale, '/');
  return `${shop.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(home)}`;
}

export function emailVerificationMail(writer: Writer, verification: { customerName: string; token: string }): RenderedMail {
  const { i18n, shop } = writer;
  return composeMail(writer, i18n._('Confirm your email'), writer.hello(verification.customerName), [
    i18n._('Please confirm that this is your email, so you can order from {shop}:', { shop: shop.name }),
    { label: i18n._('Confirm my email'), link: verifyEmailLink(writer, verification.token) },
    i18n._('If you did not create an account with us, ignore this mail.'),
  ]);
}
