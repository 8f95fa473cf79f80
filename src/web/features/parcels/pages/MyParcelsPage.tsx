import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { parcelPath } from '#shared/consignment.ts';
import { CONSIGNMENT_STATUSES, type ConsignmentStatus } from '#shared/consignment-status.ts';
import { PARCEL_SEARCH_MAX_LENGTH } from '#shared/parcel-lists.ts';
import { placeName } from '#shared/place-name.ts';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { type MyParcelsFilter, useMyParcels } from '../api/use-parcels.ts';
import { ParcelStatus } from '../components/ParcelStatus.tsx';
import { SERVICE_NAMES } from '../components/service-names.ts';
import { PARCEL_STATUS_NAMES } from '../components/status-names.ts';

/**
 * My Parcels (issues 28, 40 and 41): all the customer's booked parcels, newest first, a page at a time
 * ("Older", "Newer"), each leading to its page, with the cash each collects; searched by code, invoice, phone
 * or name, and filtered by status and the days booked. The search is
 * kept in the page's memory and sent by POST, never put in the address (decision 127).
 */
export function MyParcelsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`My Parcels`);
  const { taka, language } = useParcelFormat();
  const [filter, setFilter] = useState<MyParcelsFilter>({});
  const pages = useKeysetPages();
  const parcels = useMyParcels(filter, pages.cursor);
  const searchFor = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get('q') ?? '').trim();
    const status = String(form.get('status') ?? '');
    const day = (name: string) => String(form.get(name) ?? '') || undefined;
    setFilter({
      q: q || undefined,
      status: status ? (status as ConsignmentStatus) : undefined,
      from: day('from'),
      to: day('to'),
    });
    pages.restart();
  };
  const filtered = Boolean(filter.q || filter.status || filter.from || filter.to);
  if (parcels.isPending) return <Spinner label={t`Loading your parcels`} />;
  if (parcels.isError) return <LoadError what={t`your parcels`} onRetry={() => parcels.refetch()} />;
  const { parcels: shown, next } = parcels.data;
  return (
    <section aria-labelledby="parcels-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="parcels-heading" className="text-2xl font-bold">
          <Trans>My Parcels</Trans>
        </h2>
        <Link to="/ship" className="btn btn-primary btn-sm">
          <Trans>Send a parcel</Trans>
        </Link>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={searchFor}>
        <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <Trans>Tracking code, invoice, recipient’s phone or name</Trans>
          <input
            name="q"
            type="search"
            className="input input-sm w-full"
            maxLength={PARCEL_SEARCH_MAX_LENGTH}
            defaultValue={filter.q}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Status</Trans>
          <select name="status" className="select select-sm" defaultValue={filter.status ?? ''}>
            <option value="">{t`Any status`}</option>
            {CONSIGNMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(PARCEL_STATUS_NAMES[status])}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Booked from</Trans>
          <input name="from" type="date" className="input input-sm w-40" defaultValue={filter.from} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Booked to</Trans>
          <input name="to" type="date" className="input input-sm w-40" defaultValue={filter.to} />
        </label>
        <button type="submit" className="btn btn-primary btn-sm">
          <Trans>Search</Trans>
        </button>
      </form>
      {shown.length === 0 && filtered ? (
        <p className="rounded-box bg-base-200 p-6 text-center" role="status">
          <Trans>No parcel of yours matches.</Trans>
        </p>
      ) : null}
      {shown.length === 0 && !filtered ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          <Trans>You have not booked a parcel yet.</Trans>{' '}
          <Link to="/ship" className="link link-primary">
            <Trans>Get a price and book one</Trans>
          </Link>
        </p>
      ) : null}
      {shown.length === 0 ? null : (
        // A scroll region keyboard users can reach and screen readers name, should a phone still be too narrow.
        <section
          className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
          aria-label={t`My Parcels`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus so the keyboard can scroll it.
          tabIndex={0}
        >
          <table className="table">
            <thead className="text-base-content">
              <tr>
                <th>
                  <Trans>Tracking code</Trans>
                </th>
                <th>
                  <Trans>Recipient</Trans>
                </th>
                <th>
                  <Trans>Service</Trans>
                </th>
                <th>
                  <Trans>Cash to collect</Trans>
                </th>
                <th>
                  <Trans>Total</Trans>
                </th>
                <th>
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((parcel) => (
                <tr key={parcel.trackingCode}>
                  <td>
                    <Link to={parcelPath(parcel.trackingCode)} className="link link-primary font-mono">
                      {parcel.trackingCode}
                    </Link>
                  </td>
                  <td>
                    {parcel.recipient.name}
                    <br />
                    <span className="text-sm text-base-content/70">{placeName(parcel.recipient.area, language)}</span>
                  </td>
                  <td>{i18n._(SERVICE_NAMES[parcel.service])}</td>
                  <td>{parcel.codAmount > 0 ? taka(parcel.codAmount) : '—'}</td>
                  <td>{taka(parcel.total)}</td>
                  <td>
                    <ParcelStatus parcel={parcel} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <KeysetButtons
        label={t`My Parcels pages`}
        labels={{ back: t`Newer`, onward: t`Older` }}
        isFirst={pages.isFirst}
        next={next}
        back={pages.back}
        onward={pages.onward}
      />
    </section>
  );
}
