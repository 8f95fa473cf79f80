import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useProfile } from '../api/use-profile.ts';

const missing = (
  <span className="text-base-content/70">
    <Trans>Not given yet</Trans>
  </span>
);

/** The buyer's saved email, name, address and phone, with UPDATE leading to the profile page. */
export function ProfileSummaryCard({ email }: { email: string }) {
  const { t } = useLingui();
  const profile = useProfile(email);
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="profile-summary">
      <div className="card-body">
        <h2 id="profile-summary" className="card-title">
          <Trans>Your details</Trans>
        </h2>
        {profile.isPending ? <Spinner label={t`Loading your details`} /> : null}
        {profile.isError ? <LoadError what={t`your details`} onRetry={() => profile.refetch()} /> : null}
        {profile.data ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">
              <Trans>Email</Trans>
            </dt>
            <dd className="break-all">{profile.data.email}</dd>
            <dt className="font-medium">
              <Trans>Name</Trans>
            </dt>
            <dd>{profile.data.name}</dd>
            <dt className="font-medium">
              <Trans>Address</Trans>
            </dt>
            <dd>{profile.data.address || missing}</dd>
            <dt className="font-medium">
              <Trans>Phone</Trans>
            </dt>
            <dd>{profile.data.phoneNumber || missing}</dd>
          </dl>
        ) : null}
        <div className="card-actions mt-2">
          <Link to="/userProfile" className="btn btn-outline btn-primary btn-block">
            <Trans>UPDATE</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
