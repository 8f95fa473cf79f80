import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '#shared/messages.ts';
import { type Profile, type ProfileInput, profileInputSchema } from '#shared/user.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useProfile, useUpdateProfile } from '../api/use-profile.ts';

/** The form's fields as saved: it starts from them and comes back to them after SUBMIT (issue 26). */
const savedFields = (profile: Profile | undefined): ProfileInput => ({
  address: profile?.address ?? '',
  phoneNumber: profile?.phoneNumber ?? '',
});

/** The profile: `intro` above (the placeholder introduction of R-PROFILE), then the saved details and the update form. */
export function ProfilePage({ email, intro }: { email: string; intro: ReactNode }) {
  const { t } = useLingui();
  useDocumentTitle(t`Profile`);
  const profile = useProfile(email);
  const update = useUpdateProfile(email);
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileInputSchema), values: savedFields(profile.data) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync(input);
      toast.success(MESSAGES.profileUpdated);
      form.reset(savedFields(saved));
    } catch (error) {
      if (!showFieldErrors(form, error)) toastApiError(error, /*i18n*/ 'Your information could not be saved. Please try again.');
    }
  });

  if (profile.isPending) return <Spinner label={t`Loading your profile`} />;
  if (profile.isError) return <LoadError what={t`your profile`} onRetry={() => profile.refetch()} />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-primary">
        <Trans>My profile</Trans>
      </h1>
      {intro}
      <div className="grid items-start gap-6 md:grid-cols-2">
        <section className="card border border-base-300 bg-base-100" aria-labelledby="saved-profile">
          <div className="card-body">
            <h2 id="saved-profile" className="card-title text-xl">
              <Trans>Your saved details</Trans>
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">
                <Trans>Name</Trans>
              </dt>
              <dd>{profile.data.name}</dd>
              <dt className="font-medium">
                <Trans>Email</Trans>
              </dt>
              <dd className="break-all">{profile.data.email}</dd>
              <dt className="font-medium">
                <Trans>Address</Trans>
              </dt>
              <dd>
                {profile.data.address || (
                  <span className="text-base-content/70">
                    <Trans>Not given yet</Trans>
                  </span>
                )}
              </dd>
              <dt className="font-medium">
                <Trans>Phone</Trans>
              </dt>
              <dd>
                {profile.data.phoneNumber || (
                  <span className="text-base-content/70">
                    <Trans>Not given yet</Trans>
                  </span>
                )}
              </dd>
            </dl>
          </div>
        </section>
        <section className="card border border-base-300 bg-base-100" aria-labelledby="update-profile">
          <form className="card-body gap-3" onSubmit={submit} noValidate>
            <h2 id="update-profile" className="card-title">
              <Trans>Update your information</Trans>
            </h2>
            <FormField label={t`Email`} value={profile.data.email} readOnly />
            <FormField label={t`Name`} value={profile.data.name} readOnly />
            <FormField
              label={t`Address`}
              autoComplete="street-address"
              error={errors.address?.message}
              {...form.register('address')}
            />
            <FormField
              label={t`Phone number`}
              type="tel"
              autoComplete="tel"
              error={errors.phoneNumber?.message}
              {...form.register('phoneNumber')}
            />
            <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
              <Trans>SUBMIT</Trans>
            </button>
          </form>
        </section>
      </div>
    </div>
  );
}
