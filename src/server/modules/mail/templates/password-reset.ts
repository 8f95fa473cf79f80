import { composeMail, type RenderedMail, type Shop } from './layout.ts';

/** The reset page's address; the token is valid one hour, and once (R-PASSWORD-RESET). */
export function resetPasswordLink(shop: Shop, token: string): string {
  return `${shop.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(shop: Shop, reset: { customerName: string; token: string }): RenderedMail {
  return composeMail(shop, 'Reset your password', `Hello ${reset.customerName},`, [
    'Someone asked to reset the password of your account. If it was you, choose a new password here:',
    { label: 'Choose a new password', link: resetPasswordLink(shop, reset.token) },
    'The link works once, within one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
  ]);
}
