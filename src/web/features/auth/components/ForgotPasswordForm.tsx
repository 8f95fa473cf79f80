import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useHref } from 'react-router';
import type { ForgotPasswordInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useAccountForm } from '../api/use-account-form.ts';
import { CredentialsFormFooter } from './CredentialsFormFooter.tsx';

/**
 * Forgot password (R-PASSWORD-RESET): the same answer whether or not an account has this email. Sent by
 * the browser itself (JavaScript off), it is a POST the server answers with the same page (R-AUTH).
 */
export function ForgotPasswordForm({ email }: { email: string }) {
  const inPageLanguage = useInPageLanguage();
  const action = useHref('/forgot-password');
  const { t } = useLingui();
  const answer = useFormAnswer('forgot-password');
  const [sent, setSent] = useState(Boolean(answer?.notice));
  const { form, submit, providerError, field } = useAccountForm<ForgotPasswordInput>(
    (rules) => rules.forgotPasswordSchema,
    { email },
    (input) =>
      askAuth((client) =>
        client.requestPasswordReset({ email: input.email, redirectTo: `${window.location.origin}/reset-password` }),
      ),
    () => setSent(true),
    answer,
  );

  return (
    <form method="post" action={action} className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p className="text-sm">
        <Trans>Enter your account’s email and we will send you a link to choose a new password.</Trans>
      </p>
      <FormField label={t`Email`} type="email" autoComplete="email" {...field('email')} />
      {sent ? (
        <p role="status" className="text-sm text-success">
          {inPageLanguage(MESSAGES.resetLinkSent)}
        </p>
      ) : null}
      <CredentialsFormFooter providerError={providerError} submitting={form.formState.isSubmitting} label={t`Send the link`} />
    </form>
  );
}
