import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONSIGNMENT_STATUSES, type ConsignmentStatus } from '#shared/consignment-status.ts';
import { HUBS, type HubId, hubName } from '#shared/hubs.ts';
import { PARCEL_SEARCH_MAX_LENGTH } from '#shared/parcel-lists.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import type { AllParcelsFilter } from '../api/use-all-parcels.ts';
import { AreaField } from '../components/AreaField.tsx';
import { ListedParcels } from '../components/ListedParcels.tsx';
import { OperationsFilter } from '../components/OperationsFilter.tsx';
import { filterInAddress, operationsFilter } from '../components/operations-filter.ts';
import { PARCEL_STATUS_NAMES } from '../components/status-names.ts';

const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim() || undefined;

/**
 * Every parcel (issue 40, operators and admins): newest first, a page at a time, by status, hub, merchant, the
 * recipient's area and the days booked, or a code, invoice or phone; each row leads to the parcel, and the
 * chosen ones take a bulk action. A count on Operations opens it with its filter in the address (R-OPERATIONS-LISTS);
 * the rest lives in the page's memory, so a phone searched for is never in the address (decision 127).
 */
export function AllParcelsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Parcels`);
  const { language } = useParcelFormat();
  const [address] = useSearchParams();
  const [filter, setFilter] = useState<AllParcelsFilter>(() => filterInAddress(address));
  const [merchantName, setMerchantName] = useState<string>();
  const filterBy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The form's fields anew; what a count on Operations opened stays until it is put aside.
    setFilter({
      ...operationsFilter(filter),
      status: textOf(form, 'status') as ConsignmentStatus | undefined,
      hub: textOf(form, 'hub') as HubId | undefined,
      merchant: filter.merchant,
      area: textOf(form, 'area'),
      from: textOf(form, 'from'),
      to: textOf(form, 'to'),
      q: textOf(form, 'q'),
    });
  };
  return (
    <section aria-labelledby="all-parcels-heading" className="flex flex-col gap-4">
      <h2 id="all-parcels-heading" className="text-2xl font-bold">
        <Trans>Parcels</Trans>
      </h2>
      <form className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4" onSubmit={filterBy}>
        <label className="flex flex-col gap-1 text-sm sm:col-span-2">
          <Trans>Tracking code, invoice or recipient’s phone</Trans>
          <input
            name="q"
            type="search"
            className="input input-sm w-full"
            maxLength={PARCEL_SEARCH_MAX_LENGTH}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Status</Trans>
          <select name="status" className="select select-sm w-full" defaultValue={filter.status ?? ''}>
            <option value="">{t`Any status`}</option>
            {CONSIGNMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(PARCEL_STATUS_NAMES[status])}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Hub</Trans>
          <select name="hub" className="select select-sm w-full" defaultValue={filter.hub ?? ''}>
            <option value="">{t`Any hub`}</option>
            {HUBS.map((hub) => (
              <option key={hub.id} value={hub.id}>
                {hubName(hub, language)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col text-sm">
          <AreaField name="area" label={t`Recipient’s area`} className="input input-sm w-full" />
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Booked from</Trans>
          <input name="from" type="date" className="input input-sm w-full" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Booked until</Trans>
          <input name="to" type="date" className="input input-sm w-full" />
        </label>
        <div className="flex items-end">
          <button type="submit" className="btn btn-primary btn-sm w-full">
            <Trans>Show parcels</Trans>
          </button>
        </div>
      </form>
      <OperationsFilter
        filter={filter}
        onPutAside={() =>
          setFilter(({ status, hub, area, from, to, q, merchant }) => ({ status, hub, area, from, to, q, merchant }))
        }
      />
      {filter.merchant ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Trans>Merchant: {merchantName ?? filter.merchant}</Trans>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setFilter({ ...filter, merchant: undefined })}>
            <Trans>Every merchant</Trans>
          </button>
        </p>
      ) : null}
      <ListedParcels
        key={JSON.stringify(filter)}
        filter={filter}
        onMerchant={(merchant) => {
          setMerchantName(merchant.businessName);
          setFilter((before) => ({ ...before, merchant: merchant.id }));
        }}
      />
    </section>
  );
}
