import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type SignUpInput, signUpSchema } from '../../../../shared/auth.ts';
import { FormField } from '../../../components/FormField.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { completeSignIn } from '../api/complete-sign-in.ts';
import { useReturnPath } from '../api/use-return-path.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { GoogleSignInButton } from '../components/GoogleSignInButton.tsx';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const [providerError, setProviderError] = useState<string>();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setProviderError(undefined);
    const result = await authClient.signUp.email(input);
    if (result.error) {
      setProviderError(result.error.message ?? 'Sign-up failed. Please try again.');
      return;
    }
    await completeSignIn(queryClient, result.data.user.email);
    navigate(returnPath, { replace: true });
  });

  return (
    <AuthCard title="Sign up">
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <FormField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {providerError ? (
          <p role="alert" className="text-sm text-error">
            {providerError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Sign up
        </button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" state={{ from: returnPath }} className="link link-primary">
          Please login
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleSignInButton returnPath={returnPath} />
    </AuthCard>
  );
}
