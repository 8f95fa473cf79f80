import { Trans, useLingui } from '@lingui/react/macro';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useGrantAdmin, useRevokeAdmin, useUsers } from '../api/use-users.ts';

export function MakeAdminPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Make Admin`);
  const users = useUsers();
  const grant = useGrantAdmin();
  const revoke = useRevokeAdmin();
  const busyEmail = (grant.isPending && grant.variables) || (revoke.isPending && revoke.variables) || undefined;

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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
