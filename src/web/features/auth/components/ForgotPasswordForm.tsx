import { useState } from 'react';
import type { ForgotPasswordInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useAccountForm } from '../api/use-account-form.ts';
import { CredentialsFormFooter } from './CredentialsFormFooter.tsx';

/** Forgot password (R-PASSWORD-RESET): the same answer whether or not an account has this email. */
export function ForgotPasswordForm({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const { form, submit, providerError } = useAccountForm<ForgotPasswordInput>(
    (rules) => rules.forgotPasswordSchema,
    { email },
    (input) =>
      askAuth((client) =>
        client.requestPasswordReset({ email: input.email, redirectTo: `${window.location.origin}/reset-password` }),
      ),
    () => setSent(true),
  );
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
      onSubmit={submit}
      noValidate
      aria-labelledby="forgot-password-title"
    >
      <h2 id="forgot-password-title" className="font-semibold">
        Reset your password
      </h2>
      <p className="text-sm">Enter your account’s email and we will send you a link to choose a new password.</p>
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      {sent ? (
        <p role="status" className="text-sm text-success">
          {MESSAGES.resetLinkSent}
        </p>
      ) : null}
      <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label="Send the link" />
    </form>
  );
}
