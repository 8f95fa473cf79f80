import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES } from '#shared/messages.ts';
import { type ProfileInput, profileInputSchema } from '#shared/user.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useProfile, useUpdateProfile } from '../api/use-profile.ts';

const EMPTY: ProfileInput = { address: '', phoneNumber: '' };

export function ProfilePage({ email }: { email: string }) {
  useDocumentTitle('Profile');
  const profile = useProfile(email);
  const update = useUpdateProfile(email);
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast.success(MESSAGES.profileUpdated);
      form.reset(EMPTY);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Your information could not be saved. Please try again.');
    }
  });

  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) return <LoadError what="your profile" onRetry={() => profile.refetch()} />;

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 md:grid-cols-2">
      <section className="card border border-base-300 bg-base-100" aria-labelledby="saved-profile">
        <div className="card-body">
          <h1 id="saved-profile" className="card-title text-2xl text-primary">
            My profile
          </h1>
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
  );
}
