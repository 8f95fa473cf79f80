import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { BackToLogin } from '../components/BackToLogin.tsx';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';

/** `/forgot-password`, from the login page's "Forgot password?" (R-PASSWORD-RESET). */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Reset your password`);
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <AuthCard title={t`Reset your password`}>
      <ForgotPasswordForm email={typeof typed === 'string' ? typed : ''} />
      <BackToLogin />
    </AuthCard>
  );
}
