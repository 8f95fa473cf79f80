import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '#shared/locale-format.ts';
import { apiKeyInputSchema, type NewApiKey } from '#shared/merchant-api.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { toastApiError } from '#web/lib/toast.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useApiKeys } from '../api/use-merchant.ts';

/**
 * The merchant API's keys (issue 30): a new key is shown here once, to copy into the merchant's own
 * shop; the list shows each key's first characters, its last use, and a way to revoke it.
 */
export function ApiKeys() {
  const { t } = useLingui();
  const { language } = useParcelFormat();
  const keys = useApiKeys();
  const [made, setMade] = useState<NewApiKey>();
  const [error, setError] = useState<string>();
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), language) : t`Never`);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const parsed = apiKeyInputSchema.safeParse({ name: fields.get('name'), mode: fields.get('mode') });
    setError(parsed.error?.issues[0]?.message);
    if (!parsed.success) return;
    keys.create.mutate(parsed.data, {
      onSuccess: (key) => {
        setMade(key);
        form.reset();
      },
      onError: (failure) => toastApiError(failure, /*i18n*/ 'The key could not be made. Please try again.'),
    });
  };

  return (
    <section aria-labelledby="api-keys-heading" className="flex flex-col gap-3">
      <h3 id="api-keys-heading" className="text-xl font-semibold">
        <Trans>API keys</Trans>
      </h3>
      <p className="text-sm text-base-content/80">
        <Trans>
          Your own shop books parcels and reads your ledger through the merchant API, described at /api/v1/openapi.json, with a
          key sent as Authorization: Bearer.
        </Trans>
      </p>
      <p className="text-sm text-base-content/80">
        <Trans>
          A test key books sandbox parcels: they never go to a hub, a rider or your ledger, and you move them through their
          statuses yourself to try your webhooks.
        </Trans>
      </p>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <FormField label={t`Name of the new key`} name="name" error={error} required />
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            <Trans>Kind of key</Trans>
          </span>
          <select name="mode" className="select" defaultValue="live" data-testid="api-key-mode">
            <option value="live">{t`Live: real parcels`}</option>
            <option value="test">{t`Test: sandbox parcels`}</option>
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={keys.create.isPending}>
          <Trans>Make a key</Trans>
        </button>
      </form>
      {made ? (
        <div role="status" className="alert alert-success alert-soft flex-col items-start">
          <p>
            <Trans>Copy the key now: it is shown this once.</Trans>
          </p>
          <code className="break-all font-mono" data-testid="new-api-key">
            {made.key}
          </code>
        </div>
      ) : null}
      {keys.list.isPending ? <Spinner label={t`Loading your API keys`} /> : null}
      {keys.list.isError ? <LoadError what={t`your API keys`} onRetry={() => keys.list.refetch()} /> : null}
      {keys.list.data && keys.list.data.length > 0 ? (
        <TableRegion label={t`API keys`}>
          <table className="table">
            <thead>
              <tr>
                <th>{t`Name`}</th>
                <th>{t`Key`}</th>
                <th>{t`Last used`}</th>
                <th>
                  <span className="sr-only">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.list.data.map((key) => (
                <tr key={key.id} data-testid="api-key">
                  <td>
                    {key.name} {key.test ? <span className="badge badge-warning badge-sm">{t`Test`}</span> : null}
                  </td>
                  <td className="font-mono">{key.prefix}</td>
                  <td>{when(key.lastUsedAt)}</td>
                  <td>
                    {key.revokedAt ? (
                      <Trans>Revoked</Trans>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-xs"
                        disabled={keys.revoke.isPending}
                        onClick={() =>
                          keys.revoke.mutate(key.id, {
                            onError: (failure) =>
                              toastApiError(failure, /*i18n*/ 'The key could not be revoked. Please try again.'),
                          })
                        }
                      >
                        <Trans>Revoke</Trans>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}
