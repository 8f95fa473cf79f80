import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';

/** `/forgot-password`, from the login page's "Forgot password?" (R-PASSWORD-RESET). */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <AuthCard title="Reset your password">
      <ForgotPasswordForm email={typeof typed === 'string' ? typed : ''} />
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
