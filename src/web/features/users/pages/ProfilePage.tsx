import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { MESSAGES } from '#shared/messages.ts';
import { type Profile, type ProfileInput, profileInputSchema } from '#shared/user.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useProfile, useUpdateProfile } from '../api/use-profile.ts';

/** The form's fields as saved: it starts from them and comes back to them after SUBMIT (issue 26). */
const savedFields = (profile: Profile | undefined): ProfileInput => ({
  address: profile?.address ?? '',
  phoneNumber: profile?.phoneNumber ?? '',
});

/** The profile: `intro` above (the placeholder introduction of R-PROFILE), then the saved details and the update form. */
export function ProfilePage({ email, intro }: { email: string; intro: ReactNode }) {
  useDocumentTitle('Profile');
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
      if (!showFieldErrors(form, error)) toastApiError(error, 'Your information could not be saved. Please try again.');
    }
  });

  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) return <LoadError what="your profile" onRetry={() => profile.refetch()} />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-primary">My profile</h1>
      {intro}
      <div className="grid items-start gap-6 md:grid-cols-2">
        <section className="card border border-base-300 bg-base-100" aria-labelledby="saved-profile">
          <div className="card-body">
            <h2 id="saved-profile" className="card-title text-xl">
              Your saved details
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">Name</dt>
              <dd>{profile.data.name}</dd>
              <dt className="font-medium">Email</dt>
              <dd className="break-all">{profile.data.email}</dd>
              <dt className="font-medium">Address</dt>
              <dd>{profile.data.address || <span className="text-base-content/70">Not given yet</span>}</dd>
              <dt className="font-medium">Phone</dt>
              <dd>{profile.data.phoneNumber || <span className="text-base-content/70">Not given yet</span>}</dd>
            </dl>
          </div>
        </section>
        <section className="card border border-base-300 bg-base-100" aria-labelledby="update-profile">
          <form className="card-body gap-3" onSubmit={submit} noValidate>
            <h2 id="update-profile" className="card-title">
              Update your information
            </h2>
            <FormField label="Email" value={profile.data.email} readOnly />
            <FormField label="Name" value={profile.data.name} readOnly />
            <FormField
              label="Address"
              autoComplete="street-address"
              error={errors.address?.message}
              {...form.register('address')}
            />
            <FormField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              error={errors.phoneNumber?.message}
              {...form.register('phoneNumber')}
            />
            <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
              SUBMIT
            </button>
          </form>
        </section>
      </div>
    </div>
  );
}
