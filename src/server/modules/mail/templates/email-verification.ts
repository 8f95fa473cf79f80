import { composeMail, type RenderedMail, type Shop } from './layout.ts';

/** Better Auth's own verification endpoint; it marks the email verified and sends the customer to the shop (R-EMAIL-VERIFY). */
export function verifyEmailLink(shop: Shop, token: string): string {
  return `${shop.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/')}`;
}

export function emailVerificationMail(shop: Shop, verification: { customerName: string; token: string }): RenderedMail {
  return composeMail(shop, 'Confirm your email', `Hello ${verification.customerName},`, [
    `Please confirm that this is your email, so you can order from ${shop.name}:`,
    { label: 'Confirm my email', link: verifyEmailLink(shop, verification.token) },
    'If you did not create an account with us, ignore this mail.',
  ]);
}
