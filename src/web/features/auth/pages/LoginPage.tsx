import { useState } from 'react';
import { Link } from 'react-router';
import type { LoginInput } from '#shared/auth.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useCredentialsForm } from '../api/use-credentials-form.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { CredentialsFormFooter } from '../components/CredentialsFormFooter.tsx';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';
import { GoogleSignInButton } from '../components/GoogleSignInButton.tsx';

export function LoginPage() {
  useDocumentTitle('Login');
  const [forgotten, setForgotten] = useState(false);
  const { form, submit, providerError, returnPath } = useCredentialsForm<LoginInput>(
    (rules) => rules.loginSchema,
    { email: '', password: '' },
    (input) => askAuth((client) => client.signIn.email(input)),
  );
  const { errors, isSubmitting } = form.formState;

  return (
    <AuthCard title="Login">
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <button
          type="button"
          className="link link-hover self-start text-sm"
          aria-expanded={forgotten}
          onClick={() => setForgotten(true)}
        >
          Forgot password?
        </button>
        <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label="Login" />
      </form>
      {forgotten ? <ForgotPasswordForm email={form.getValues('email')} /> : null}
      <p className="text-center text-sm">
        New to our shop?{' '}
        <Link to="/signup" state={{ from: returnPath }} className="link link-primary">
          Create an account
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleSignInButton returnPath={returnPath} />
    </AuthCard>
  );
}
