import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useHref } from 'react-router';
import type { SignUpFormInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useCredentialsForm } from '../api/use-credentials-form.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { CredentialsFormFooter } from '../components/CredentialsFormFooter.tsx';
import { GoogleSignInButton } from '../components/GoogleSignInButton.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../components/NewPasswordField.tsx';
import { UsePhoneLink } from '../components/UsePhoneLink.tsx';

export function SignUpPage() {
  const action = useHref('/signup');
  const { t } = useLingui();
  useDocumentTitle(t`Sign up`);
  const { form, submit, providerError, field, returnPath } = useCredentialsForm<SignUpFormInput>(
    'signup',
    (rules) => rules.signUpFormSchema,
    { name: '', email: '', password: '', confirmPassword: '' },
    ({ name, email, password }) =>
      askAuth(async (client) => {
        const created = await client.signUp.email({ name, email, password });
        if (created.error) return created;
        // Sign-up answers alike for a new and a taken email and never signs in (decision 44): sign in with what was typed.
        const signedIn = await client.signIn.email({ email, password });
        return signedIn.error?.status === 401
          ? { data: null, error: { ...signedIn.error, message: MESSAGES.signUpNotSignedIn } }
          : signedIn;
      }),
  );
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t`Sign up`}>
      {/* Sent by the browser itself before the app loads or without JavaScript: a POST the server answers (R-AUTH). */}
      <form method="post" action={action} className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <input type="hidden" name="from" value={returnPath} />
        <FormField label={t`Name`} autoComplete="name" {...field('name')} />
        <FormField label={t`Email`} type="email" autoComplete="email" {...field('email')} />
        <NewPasswordField label={t`Password`} {...field('password')} />
        <ConfirmPasswordField {...field('confirmPassword')} />
        <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label={t`Sign up`} />
      </form>
      <p className="text-center text-sm">
        <Trans>
          Already have an account?{' '}
          <Link to="/login" state={{ from: returnPath }} className="link link-primary">
            Please login
          </Link>
        </Trans>
      </p>
      <div className="divider my-0">
        <Trans>OR</Trans>
      </div>
      <GoogleSignInButton returnPath={returnPath} />
      <UsePhoneLink to="/signup/phone" returnPath={returnPath} />
    </AuthCard>
  );
}
