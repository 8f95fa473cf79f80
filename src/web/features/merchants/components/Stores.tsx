import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { placeName } from '#shared/place-name.ts';
import { type Store, storeInputSchema } from '#shared/store.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useStores } from '../api/use-stores.ts';
import type { AreaInput } from './ApplicationForm.tsx';

/**
 * The merchant's stores (issue 41, R-STORES, decision 152): the pickup points its parcels leave from. The
 * default is where a booking that names no store is picked up; a store is archived, never deleted.
 */
export function Stores({ areaInput }: { areaInput: AreaInput }) {
  const { t } = useLingui();
  const { language } = useParcelFormat();
  const stores = useStores();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const input = {
      name: String(fields.get('name') ?? ''),
      phone: String(fields.get('phone') ?? ''),
      address: String(fields.get('address') ?? ''),
      areaId: String(fields.get('areaId') ?? ''),
      isDefault: fields.get('isDefault') === 'on',
    };
    const parsed = storeInputSchema.safeParse(input);
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    setAdded(undefined);
    if (!parsed.success) return;
    stores.add.mutate(input, {
      onSuccess: (store) => {
        setAdded(store.name);
        form.reset();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
        else toastApiError(failure, /*i18n*/ 'The store could not be added. Please try again.');
      },
    });
  };

  const makeDefault = (store: Store) =>
    stores.change.mutate(
      { id: store.id, change: { isDefault: true } },
      { onError: (failure) => toastApiError(failure, /*i18n*/ 'The store could not be changed. Please try again.') },
    );
  const archive = (store: Store) =>
    stores.archive.mutate(store.id, {
      onError: (failure) => toastApiError(failure, /*i18n*/ 'The store could not be archived. Please try again.'),
    });

  return (
    <section aria-labelledby="stores-heading" className="flex flex-col gap-3">
      <h3 id="stores-heading" className="text-xl font-semibold">
        <Trans>Stores</Trans>
      </h3>
      <p className="text-sm text-base-content/80">
        <Trans>
          Your parcels are picked up at your stores. A booking that names no store is picked up at the default one; the API names
          a store by its id.
        </Trans>
      </p>
      {stores.list.isPending ? <Spinner label={t`Loading your stores`} /> : null}
      {stores.list.isError ? <LoadError what={t`your stores`} onRetry={() => stores.list.refetch()} /> : null}
      {stores.list.data ? (
        <TableRegion label={t`Stores`}>
          <table className="table">
            <thead>
              <tr>
                <th>{t`Name`}</th>
                <th>{t`Address`}</th>
                <th>{t`Phone`}</th>
                <th>{t`Store id`}</th>
                <th>
                  <span className="sr-only">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stores.list.data.stores.map((store) => (
                <tr key={store.id} data-testid="store">
                  <td>
                    {store.name}{' '}
                    {store.isDefault ? (
                      <span className="badge badge-primary badge-sm">
                        <Trans>Default</Trans>
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {store.address}, {placeName(store.area, language)}
                  </td>
                  <td>{store.phone}</td>
                  <td className="font-mono text-xs">{store.id}</td>
                  <td>
                    {store.isDefault ? null : (
                      <div className="flex gap-1">
                        <button
                          type="button"
                          className="btn btn-outline btn-xs"
                          disabled={stores.change.isPending}
                          onClick={() => makeDefault(store)}
                        >
                          <Trans>Make default</Trans>
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-xs"
                          disabled={stores.archive.isPending}
                          onClick={() => archive(store)}
                        >
                          <Trans>Archive</Trans>
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-labelledby="new-store-heading">
        <h4 id="new-store-heading" className="font-semibold sm:col-span-2">
          <Trans>Add a store</Trans>
        </h4>
        <FormField label={t`Store name`} name="name" error={errors.name} required />
        <FormField label={t`Phone`} name="phone" type="tel" inputMode="tel" error={errors.phone} required />
        <FormField label={t`Address`} name="address" error={errors.address} required />
        {areaInput({ label: t`Area`, name: 'areaId', error: errors.areaId, required: true })}
        <label className="flex items-center gap-2 sm:col-span-2">
          <input type="checkbox" name="isDefault" className="checkbox" />
          <Trans>Make it the default store</Trans>
        </label>
        {added ? (
          <p role="status" className="alert alert-success alert-soft sm:col-span-2">
            <Trans>Store {added} added.</Trans>
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary justify-self-start" disabled={stores.add.isPending}>
          <Trans>Add the store</Trans>
        </button>
      </form>
    </section>
  );
}
