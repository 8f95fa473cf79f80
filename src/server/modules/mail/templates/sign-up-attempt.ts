import { composeMail, type RenderedMail, type Writer } from './layout.ts';

/**
 * Sign-up with an email that already has an account answers as a new sign-up does (decision 44); this
 * mail is how the owner learns of it, and the way back in if it was them.
 */
export function signUpAttemptMail(writer: Writer, account: { customerName: string }): RenderedMail {
  const { i18n, shop } = writer;
  return composeMail(
    writer,
    i18n._('Someone tried to create a {shop} account with your email', { shop: shop.name }),
    writer.hello(account.customerName),
    [
      i18n._(
        'Someone tried to create a new {shop} account with this email address, which already has one. No new account was made.',
        { shop: shop.name },
      ),
      i18n._('If it was you, sign in instead. If you forgot your password, choose "Forgot password?" on the sign-in page:'),
      { label: i18n._('Sign in'), link: writer.page('/login') },
      i18n._('If it was not you, you need not do anything: your account and password stay as they are.'),
    ],
  );
}
