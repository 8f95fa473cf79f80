import { useLocation } from 'react-router';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { BackToLogin } from '../components/BackToLogin.tsx';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';

/** `/forgot-password`, from the login page's "Forgot password?" (R-PASSWORD-RESET). */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <AuthCard title="Reset your password">
      <ForgotPasswordForm email={typeof typed === 'string' ? typed : ''} />
      <BackToLogin />
    </AuthCard>
  );
}
