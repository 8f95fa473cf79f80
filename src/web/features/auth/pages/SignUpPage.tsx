import { Link } from 'react-router';
import type { SignUpInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useCredentialsForm } from '../api/use-credentials-form.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { CredentialsFormFooter } from '../components/CredentialsFormFooter.tsx';
import { GoogleSignInButton } from '../components/GoogleSignInButton.tsx';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const { form, submit, providerError, returnPath } = useCredentialsForm<SignUpInput>(
    (rules) => rules.signUpSchema,
    { name: '', email: '', password: '' },
    (input) =>
      askAuth(async (client) => {
        const created = await client.signUp.email(input);
        if (created.error) return created;
        // Sign-up answers alike for a new and a taken email and never signs in (decision 44): sign in with what was typed.
        const signedIn = await client.signIn.email({ email: input.email, password: input.password });
        return signedIn.error?.status === 401
          ? { data: null, error: { ...signedIn.error, message: MESSAGES.signUpNotSignedIn } }
          : signedIn;
      }),
  );
  const { errors, isSubmitting } = form.formState;

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
        <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label="Sign up" />
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
