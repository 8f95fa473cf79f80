import { useLingui } from '@lingui/react/macro';
import { useNavigate, useSearchParams } from 'react-router';
import type { NewPasswordFormInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { askAuth } from '#web/lib/ask-auth.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useAccountForm } from '../api/use-account-form.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { BackToLogin } from '../components/BackToLogin.tsx';
import { CredentialsFormFooter } from '../components/CredentialsFormFooter.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../components/NewPasswordField.tsx';

/** `/reset-password?token=…`, the reset mail's link (R-PASSWORD-RESET): a new password, once, within the hour. */
export function ResetPasswordPage() {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  useDocumentTitle(t`Choose a new password`);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const answer = useFormAnswer('reset-password');
  const { form, submit, providerError, field } = useAccountForm<NewPasswordFormInput>(
    (rules) => rules.newPasswordFormSchema,
    { newPassword: '', confirmPassword: '' },
    (input) => askAuth((client) => client.resetPassword({ newPassword: input.newPassword, token })),
    () => {
      toast.success(MESSAGES.passwordReset);
      navigate('/login', { replace: true });
    },
    answer,
  );
  const { isSubmitting } = form.formState;

  return (
    <AuthCard title={t`Choose a new password`}>
      {answer?.notice ? (
        <p role="status" className="text-sm text-success">
          {answer.notice}
        </p>
      ) : token ? (
        // POST to this address (the mailed link's): the server answers it when the browser sends it itself (R-AUTH).
        <form method="post" className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <NewPasswordField {...field('newPassword')} />
          <ConfirmPasswordField {...field('confirmPassword')} />
          <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label={t`Save the new password`} />
        </form>
      ) : (
        <p role="alert" className="text-sm text-error">
          {inPageLanguage(MESSAGES.resetLinkInvalid)}
        </p>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
