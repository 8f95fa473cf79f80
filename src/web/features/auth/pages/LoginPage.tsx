import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useHref } from 'react-router';
import type { LoginInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { forgetEndedByServer, useEndedByServer } from '../api/sign-out.ts';
import { useCredentialsForm } from '../api/use-credentials-form.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { CredentialsFormFooter } from '../components/CredentialsFormFooter.tsx';
import { GoogleSignInButton } from '../components/GoogleSignInButton.tsx';
import { UsePhoneLink } from '../components/UsePhoneLink.tsx';

export function LoginPage() {
  const inPageLanguage = useInPageLanguage();
  const action = useHref('/login');
  const { t } = useLingui();
  useDocumentTitle(t`Login`);
  const { form, submit, providerError, field, returnPath } = useCredentialsForm<LoginInput>(
    'login',
    (rules) => rules.loginSchema,
    { email: '', password: '' },
    (input) => askAuth((client) => client.signIn.email(input)),
  );
  const { isSubmitting } = form.formState;
  const endedByServer = useEndedByServer();
  // Shown on this visit to the page only.
  useEffect(() => forgetEndedByServer, []);

  return (
    <AuthCard title={t`Login`}>
      {endedByServer ? (
        <p role="status" className="alert alert-info text-sm">
          {inPageLanguage(MESSAGES.sessionEnded)}
        </p>
      ) : null}
      {/* Sent by the browser itself before the app loads or without JavaScript: a POST the server answers (R-AUTH). */}
      <form method="post" action={action} className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <input type="hidden" name="from" value={returnPath} />
        <FormField label={t`Email`} type="email" autoComplete="email" {...field('email')} />
        <FormField label={t`Password`} type="password" autoComplete="current-password" {...field('password')} />
        {/* A page of its own, so it opens without JavaScript too; the email typed so far goes along. */}
        <Link to="/forgot-password" state={{ email: form.watch('email') }} className="link link-hover self-start text-sm">
          <Trans>Forgot password?</Trans>
        </Link>
        <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label={t`Login`} />
      </form>
      <p className="text-center text-sm">
        <Trans>
          New to our shop?{' '}
          <Link to="/signup" state={{ from: returnPath }} className="link link-primary">
            Create an account
          </Link>
        </Trans>
      </p>
      <div className="divider my-0">
        <Trans>OR</Trans>
      </div>
      <GoogleSignInButton returnPath={returnPath} />
      <UsePhoneLink to="/login/phone" returnPath={returnPath} />
    </AuthCard>
  );
}
