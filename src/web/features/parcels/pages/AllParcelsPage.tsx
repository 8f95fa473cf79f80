import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { placeName } from '#shared/area.ts';
import { parcelPath } from '#shared/consignment.ts';
import { CONSIGNMENT_STATUSES, type ConsignmentStatus } from '#shared/consignment-status.ts';
import { findHub, HUBS, type HubId, hubName } from '#shared/hubs.ts';
import { LIST_COUNT_CAP, PARCEL_SEARCH_MAX_LENGTH } from '#shared/parcel-lists.ts';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { type AllParcelsFilter, useAllParcels } from '../api/use-all-parcels.ts';
import { AreaField } from '../components/AreaField.tsx';
import { PARCEL_STATUS_NAMES, statusTone } from '../components/status-names.ts';

const textOf = (form: FormData, name: string) => String(form.get(name) ?? '').trim() || undefined;

/**
 * Every parcel (issue 40, admins): newest first, a page at a time, by status, hub, merchant, the
 * recipient's area and the days booked, or a code, invoice or phone; each row leads to the parcel.
 * The filter lives in the page's memory, so a phone searched for is never in the address (decision 127).
 */
export function AllParcelsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Parcels`);
  const { taka, language, count } = useParcelFormat();
  const shownMoment = useShownMoment();
  const [filter, setFilter] = useState<AllParcelsFilter>({});
  const pages = useKeysetPages();
  const parcels = useAllParcels(filter, pages.cursor);
  // Only a first page counts (decision 126); later pages keep showing its count.
  const [matching, setMatching] = useState<{ matches: number; capped: boolean } | null>(null);
  const counted = parcels.data?.count;
  if (counted && (counted.matches !== matching?.matches || counted.capped !== matching.capped)) setMatching(counted);
  const choose = (chosen: AllParcelsFilter) => {
    setFilter(chosen);
    pages.restart();
  };
  const filterBy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    choose({
      status: textOf(form, 'status') as ConsignmentStatus | undefined,
      hub: textOf(form, 'hub') as HubId | undefined,
      merchant: filter.merchant,
      area: textOf(form, 'area'),
      from: textOf(form, 'from'),
      to: textOf(form, 'to'),
      q: textOf(form, 'q'),
    });
  };
  const merchantName = parcels.data?.parcels.find((parcel) => parcel.merchant?.id === filter.merchant)?.merchant?.businessName;
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
          <select name="status" className="select select-sm w-full" defaultValue="">
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
          <select name="hub" className="select select-sm w-full" defaultValue="">
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
      {filter.merchant ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Trans>Merchant: {merchantName ?? filter.merchant}</Trans>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => choose({ ...filter, merchant: undefined })}>
            <Trans>Every merchant</Trans>
          </button>
        </p>
      ) : null}
      {parcels.isPending ? <Spinner label={t`Loading the parcels`} /> : null}
      {parcels.isError && parcels.error instanceof ApiError && parcels.error.status === 400 ? (
        <p className="alert alert-warning" role="alert">
          {parcels.error.message}
        </p>
      ) : null}
      {parcels.isError && !(parcels.error instanceof ApiError && parcels.error.status === 400) ? (
        <LoadError what={t`the parcels`} onRetry={() => parcels.refetch()} />
      ) : null}
      {matching ? (
        <p className="text-sm" role="status" data-testid="parcels-count">
          {matching.capped ? (
            <Trans>More than {count(LIST_COUNT_CAP)} parcels match.</Trans>
          ) : (
            <Plural value={matching.matches} one="# parcel matches." other="# parcels match." />
          )}
        </p>
      ) : null}
      {parcels.data ? (
        <TableRegion label={t`Parcels`}>
          <table className="table table-sm">
            <thead>
              <tr>
                <th>
                  <Trans>Tracking code</Trans>
                </th>
                <th>
                  <Trans>Booked</Trans>
                </th>
                <th>
                  <Trans>Merchant</Trans>
                </th>
                <th>
                  <Trans>Invoice</Trans>
                </th>
                <th>
                  <Trans>Recipient’s area</Trans>
                </th>
                <th>
                  <Trans>Hub</Trans>
                </th>
                <th>
                  <Trans>Cash to collect</Trans>
                </th>
                <th>
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {parcels.data.parcels.map((parcel) => {
                const hub = parcel.hub ? findHub(parcel.hub) : undefined;
                return (
                  <tr key={parcel.trackingCode} data-testid="listed-parcel">
                    <td>
                      <Link to={parcelPath(parcel.trackingCode)} className="link link-primary font-mono">
                        {parcel.trackingCode}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap">{shownMoment(parcel.createdAt)}</td>
                    <td>
                      {parcel.merchant ? (
                        <button
                          type="button"
                          className="link text-left"
                          title={t`Show only this merchant’s parcels`}
                          onClick={() => parcel.merchant && choose({ ...filter, merchant: parcel.merchant.id })}
                        >
                          {parcel.merchant.businessName}
                        </button>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{parcel.merchantInvoice ?? '—'}</td>
                    <td>{placeName(parcel.recipientArea, language)}</td>
                    <td>{hub ? hubName(hub, language) : '—'}</td>
                    <td>{taka(parcel.codAmount)}</td>
                    <td>
                      <span className={`badge badge-soft ${statusTone(parcel.status)}`}>
                        {i18n._(PARCEL_STATUS_NAMES[parcel.status])}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {parcels.data.parcels.length === 0 ? (
            <p className="p-6 text-center">
              <Trans>No parcel matches.</Trans>
            </p>
          ) : null}
        </TableRegion>
      ) : null}
      <KeysetButtons
        label={t`Parcels pages`}
        labels={{ back: t`Newer`, onward: t`Older` }}
        isFirst={pages.isFirst}
        next={parcels.data?.next}
        back={pages.back}
        onward={pages.onward}
      />
    </section>
  );
}
