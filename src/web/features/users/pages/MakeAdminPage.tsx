import { Trans, useLingui } from '@lingui/react/macro';
import { STAFF_ROLES, type StaffRoleInput } from '#shared/user.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useGrantAdmin, useRevokeAdmin, useSetStaffRole, useUsers } from '../api/use-users.ts';

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
        <div className="overflow-x-auto rounded-box border border-base-300">
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
                      <select
                        aria-label={t`Staff role of ${user.email}`}
                        className="select select-sm"
                        value={user.role}
                        disabled={busyEmail === user.email}
                        onChange={(event) =>
                          staff.mutate({ email: user.email, role: event.target.value as StaffRoleInput['role'] })
                        }
                      >
                        {(['user', ...STAFF_ROLES] as const).map((role) => (
                          <option key={role} value={role}>
                            {roleNames[role]}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
