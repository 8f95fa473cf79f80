import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordFormInput, DeleteAccountInput, DisplayNameInput } from '#shared/auth.ts';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { askAuth } from '#web/lib/ask-auth.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { completeSignIn } from '../api/complete-sign-in.ts';
import { signOut } from '../api/sign-out.ts';
import { useAccountForm } from '../api/use-account-form.ts';
import type { SignedInUser } from '../api/use-session.ts';
import { useViewer } from '../api/use-viewer.ts';
import { CredentialsFormFooter } from '../components/CredentialsFormFooter.tsx';
import { ConfirmPasswordField, NewPasswordField } from '../components/NewPasswordField.tsx';

/** The display name; new orders and the access token carry it from now on. */
function NameForm({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { form, submit, providerError } = useAccountForm<DisplayNameInput>(
    (rules) => rules.displayNameSchema,
    { name: user.name },
    (input) => askAuth((client) => client.updateUser({ name: input.name })),
    async () => {
      // The access token names the user, and orders take the name from it: a fresh one carries the new name.
      await completeSignIn(queryClient, user.email);
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile(user.email) });
      toast.success(MESSAGES.nameSaved);
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="card-body gap-3" onSubmit={submit} noValidate aria-labelledby="name-settings">
      <h2 id="name-settings" className="card-title">
        <Trans>Your name</Trans>
      </h2>
      <FormField label={t`Name`} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label={t`Save the name`} />
    </form>
  );
}

/** A new password, proven with the current one; every other session is signed out (R-SETTINGS). */
function PasswordForm({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { form, submit, providerError, field } = useAccountForm<ChangePasswordFormInput>(
    (rules) => rules.changePasswordFormSchema,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    ({ currentPassword, newPassword }) =>
      askAuth((client) => client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true })),
    async () => {
      // Every session ended, this browser's too, which got a new one: its access token must come from that.
      await completeSignIn(queryClient, user.email);
      toast.success(MESSAGES.passwordChanged);
      form.reset();
    },
  );
  const { isSubmitting } = form.formState;
  return (
    <form className="card-body gap-3" onSubmit={submit} noValidate aria-labelledby="password-settings">
      <h2 id="password-settings" className="card-title">
        <Trans>Your password</Trans>
      </h2>
      <FormField label={t`Current password`} type="password" autoComplete="current-password" {...field('currentPassword')} />
      <NewPasswordField {...field('newPassword')} />
      <ConfirmPasswordField {...field('confirmPassword')} />
      <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label={t`Change the password`} />
    </form>
  );
}

/**
 * Delete my account, confirmed by typing its email (R-ACCOUNT-DELETE): the server ends the sessions with
 * the account, so the browser only forgets the user and goes home.
 */
function DeleteAccountForm({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { form, submit, providerError } = useAccountForm<DeleteAccountInput>(
    (rules) => rules.confirmDeletionSchema(user.email),
    { email: '' },
    (input) => apiRequest('/api/user', { method: 'DELETE', body: input }),
    async () => {
      toast.success(MESSAGES.accountDeleted);
      await signOut(queryClient, '/');
    },
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="card-body gap-3" onSubmit={submit} noValidate aria-labelledby="delete-account">
      <h2 id="delete-account" className="card-title text-error">
        <Trans>Delete my account</Trans>
      </h2>
      <p className="text-sm">
        <Trans>
          Your unpaid orders are cancelled. Paid orders stay in the shop's books without your name and email. This cannot be
          undone.
        </Trans>
      </p>
      <FormField
        label={t`Type your email to confirm`}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <CredentialsFormFooter providerError={providerError} submitting={isSubmitting} label={t`Delete my account`} tone="error" />
    </form>
  );
}

/** The navbar's Settings (R-SETTINGS). */
export function SettingsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const { user } = useViewer();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-primary">
        <Trans>Settings</Trans>
      </h1>
      <p className="break-all text-sm">
        <Trans>Signed in as {user.email}</Trans>
      </p>
      <div className="grid items-start gap-6 md:grid-cols-2">
        <section className="card border border-base-300 bg-base-100">
          <NameForm user={user} />
        </section>
        <section className="card border border-base-300 bg-base-100">
          <PasswordForm user={user} />
        </section>
        <section className="card border border-error/40 bg-base-100 md:col-span-2">
          <DeleteAccountForm user={user} />
        </section>
      </div>
    </div>
  );
}
