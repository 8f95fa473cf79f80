import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { parcelPath } from '#shared/consignment.ts';
import { findHub, hubName } from '#shared/hubs.ts';
import { LIST_COUNT_CAP } from '#shared/parcel-lists.ts';
import { placeName } from '#shared/place-name.ts';
import type { ScanResult } from '#shared/tracking.ts';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { type AllParcelsFilter, useAllParcels } from '../api/use-all-parcels.ts';
import { BulkActions } from './BulkActions.tsx';
import { ScanResults } from './ScanResults.tsx';
import { PARCEL_STATUS_NAMES, statusTone } from './status-names.ts';

/**
 * The staff's list of parcels (issue 40, R-OPERATIONS-LISTS): newest first, a page at a time, each row leading
 * to the parcel and chosen with a box for a bulk action. Mount it with a `key` of its filter, so a new filter
 * starts again at the first page with nothing chosen.
 */
export function ListedParcels({
  filter,
  onMerchant,
}: {
  filter: AllParcelsFilter;
  /** Shows only one merchant's parcels; a merchant's name is plain text without it. */
  onMerchant?: (merchant: { id: string; businessName: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const { taka, language, count } = useParcelFormat();
  const shownMoment = useShownMoment();
  const pages = useKeysetPages();
  const parcels = useAllParcels(filter, pages.cursor);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // What the last bulk action did, each code's answer: kept once the moved parcels leave the list.
  const [answered, setAnswered] = useState<ScanResult[]>([]);
  // Only a first page counts (decision 126); later pages keep showing its count.
  const [matching, setMatching] = useState<{ matches: number; capped: boolean } | null>(null);
  const counted = parcels.data?.count;
  if (counted && (counted.matches !== matching?.matches || counted.capped !== matching.capped)) setMatching(counted);
  const shown = parcels.data?.parcels ?? [];
  const everyShownChosen = shown.length > 0 && shown.every((parcel) => chosen.has(parcel.trackingCode));
  const choose = (codes: string[], on: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      for (const code of codes)
        if (on) after.add(code);
        else after.delete(code);
      return after;
    });
  return (
    <div className="flex flex-col gap-4">
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
      {chosen.size > 0 ? (
        <BulkActions
          codes={[...chosen]}
          onDone={(results) => {
            setChosen(new Set());
            setAnswered(results);
          }}
        />
      ) : null}
      <ScanResults results={answered} />
      {parcels.data ? (
        <TableRegion label={t`Parcels`}>
          <table className="table table-sm">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    aria-label={t`Choose every parcel on this page`}
                    checked={everyShownChosen}
                    disabled={shown.length === 0}
                    onChange={(event) =>
                      choose(
                        shown.map((parcel) => parcel.trackingCode),
                        event.target.checked,
                      )
                    }
                  />
                </th>
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
              {shown.map((parcel) => {
                const hub = parcel.hub ? findHub(parcel.hub) : undefined;
                return (
                  <tr key={parcel.trackingCode} data-testid="listed-parcel">
                    <td>
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        aria-label={t`Choose ${parcel.trackingCode}`}
                        checked={chosen.has(parcel.trackingCode)}
                        onChange={(event) => choose([parcel.trackingCode], event.target.checked)}
                      />
                    </td>
                    <td>
                      <Link to={parcelPath(parcel.trackingCode)} className="link link-primary font-mono">
                        {parcel.trackingCode}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap">{shownMoment(parcel.createdAt)}</td>
                    <td>
                      {parcel.merchant && onMerchant ? (
                        <button
                          type="button"
                          className="link text-left"
                          title={t`Show only this merchant’s parcels`}
                          onClick={() => parcel.merchant && onMerchant(parcel.merchant)}
                        >
                          {parcel.merchant.businessName}
                        </button>
                      ) : (
                        (parcel.merchant?.businessName ?? '—')
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
          {shown.length === 0 ? (
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
    </div>
  );
}
