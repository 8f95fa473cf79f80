import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Role } from '#shared/user.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useRole } from '../api/use-is-admin.ts';
import { useViewer } from '../api/use-viewer.ts';

/**
 * A staff page (R-ROLES): shown to accounts with one of `roles`, and to admins (no roles: admins only);
 * anyone else reads why not. The server refuses their calls whatever this shows.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useViewer();
  const role = useRole(user?.email);
  if (role.isPending) return <Spinner label={t`Checking your access`} />;
  if (role.isError) return <LoadError what={t`your access`} onRetry={() => role.refetch()} />;
  if (role.data !== 'admin' && !roles.includes(role.data))
    return (
      <p role="alert" className="alert alert-warning alert-soft">
        {roles.length === 0 ? (
          <Trans>This page is for the courier’s admins: your account cannot open it.</Trans>
        ) : (
          <Trans>This page is for hub staff. Ask an admin to give your account the role it needs.</Trans>
        )}
      </p>
    );
  return children;
}
