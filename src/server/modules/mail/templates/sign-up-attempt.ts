import { composeMail, type RenderedMail, type Shop } from './layout.ts';

/**
 * Sign-up with an email that already has an account answers as a new sign-up does (decision 44); this
 * mail is how the owner learns of it, and the way back in if it was them.
 */
export function signUpAttemptMail(shop: Shop, account: { customerName: string }): RenderedMail {
  return composeMail(shop, `Someone tried to create a ${shop.name} account with your email`, `Hello ${account.customerName},`, [
    `Someone tried to create a new ${shop.name} account with this email address, which already has one. No new account was made.`,
    'If it was you, sign in instead. If you forgot your password, choose "Forgot password?" on the sign-in page:',
    { label: 'Sign in', link: `${shop.publicUrl}/login` },
    'If it was not you, you need not do anything: your account and password stay as they are.',
  ]);
}
