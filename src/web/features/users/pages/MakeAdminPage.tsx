import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { STAFF_ROLES, type StaffRoleInput } from '#shared/user.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useGrantAdmin, useRevokeAdmin, useSetStaffRole, useUsers } from '../api/use-users.ts';

type StaffRoleName = StaffRoleInput['role'];

/**
 * A staff role changes only once the admin confirms the change (issue 42): the dropdown picks the role,
 * and "Change the role" beside it applies it; "Keep it" puts the dropdown back.
 */
function StaffRole(props: {
  email: string;
  role: string;
  roleNames: Record<StaffRoleName, string>;
  busy: boolean;
  onChange: (role: StaffRoleName) => void;
}) {
  const { t } = useLingui();
  const { email, role, roleNames, busy, onChange } = props;
  const [asked, setAsked] = useState<StaffRoleName | null>(null);
  const askedName = asked ? roleNames[asked] : '';
  return (
    <div className="flex flex-col gap-2">
      <select
        aria-label={t`Staff role of ${email}`}
        className="select select-sm"
        value={asked ?? role}
        disabled={busy}
        onChange={(event) => {
          const chosen = event.target.value as StaffRoleName;
          setAsked(chosen === role ? null : chosen);
        }}
      >
        {(['user', ...STAFF_ROLES] as const).map((name) => (
          <option key={name} value={name}>
            {roleNames[name]}
          </option>
        ))}
      </select>
      {asked ? (
        <fieldset className="flex flex-col gap-1 text-sm" data-testid="staff-role-question">
          <legend>
            <Trans>
              Make {email} a {askedName}?
            </Trans>
          </legend>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary btn-xs"
              onClick={() => {
                onChange(asked);
                setAsked(null);
              }}
            >
              <Trans>Change the role</Trans>
            </button>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setAsked(null)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

export function MakeAdminPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Make Admin`);
  const users = useUsers();
  const grant = useGrantAdmin();
  const revoke = useRevokeAdmin();
  const staff = useSetStaffRole();
  const busyEmail =
    (grant.isPending && grant.variables) ||
    (revoke.isPending && revoke.variables) ||
    (staff.isPending && staff.variables.email) ||
    undefined;
  const roleNames: Record<StaffRoleInput['role'], string> = {
    user: t`Customer`,
    operator: t`Hub operator`,
    rider: t`Rider`,
  };

  return (
    <section aria-labelledby="make-admin-title">
      <h2 id="make-admin-title" className="mb-4 text-xl font-semibold">
        <Trans>Make Admin</Trans>
      </h2>
      {users.isPending ? (
        <Spinner label={t`Loading users`} />
      ) : users.isError ? (
        <LoadError what={t`the users`} onRetry={() => users.refetch()} />
      ) : (
        <TableRegion label={t`Users`}>
          <table className="table">
            <thead className="text-base-content">
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <Trans>Email</Trans>
                </th>
                <th scope="col">
                  <Trans>Actions</Trans>
                </th>
                <th scope="col">
                  <Trans>Staff role</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user, index) => (
                <tr key={user._id}>
                  <th scope="row">{index + 1}</th>
                  <td className="break-all">{user.email}</td>
                  <td>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-primary btn-xs sm:btn-sm"
                        disabled={user.role === 'admin' || busyEmail === user.email}
                        onClick={() => grant.mutate(user.email)}
                      >
                        {user.role === 'admin' ? <Trans>Already Admin</Trans> : <Trans>Make Admin</Trans>}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-xs sm:btn-sm"
                        disabled={user.role !== 'admin' || busyEmail === user.email}
                        onClick={() => revoke.mutate(user.email)}
                      >
                        <Trans>Remove Admin</Trans>
                      </button>
                    </div>
                  </td>
                  <td className="min-w-40">
                    {user.role === 'admin' ? (
                      <span className="text-sm text-base-content/70">
                        <Trans>Admin: every role</Trans>
                      </span>
                    ) : (
                      <StaffRole
                        email={user.email}
                        role={user.role}
                        roleNames={roleNames}
                        busy={busyEmail === user.email}
                        onChange={(role) => staff.mutate({ email: user.email, role })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
