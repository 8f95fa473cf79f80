import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { parcelPath } from '#shared/consignment.ts';
import { findHub, type HubId, hubName } from '#shared/hubs.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useOperations } from '../api/use-scans.ts';
import { CashHandinForm } from '../components/CashHandinForm.tsx';
import { OpenReturnRequests } from '../components/OpenReturnRequests.tsx';
import { parcelsOpened } from '../components/operations-filter.ts';
import { FAILURE_REASON_NAMES, PARCEL_STATUS_NAMES } from '../components/status-names.ts';

/** One part of the view: a heading, and its table or a line saying there is nothing. */
function Part({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section aria-label={title} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <h3 className="card-title text-lg">{title}</h3>
        {empty ? <p className="text-base-content/70">{t`Nothing here.`}</p> : children}
      </div>
    </section>
  );
}

/**
 * Operations (issue 29, admins): how many parcels are in each status and at each hub, which have sat too
 * long in one status, why deliveries failed, the cash riders still hold, and the return requests on their way
 * (R-RETURN-REQUESTS), moved along from here. Every count opens the parcels behind it (R-OPERATIONS-LISTS).
 */
export function OperationsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Operations`);
  const { language, taka, count } = useParcelFormat();
  const moment = useShownMoment();
  const operations = useOperations();
  if (operations.isPending) return <Spinner label={t`Loading the operations`} />;
  if (operations.isError) return <LoadError what={t`the operations`} onRetry={() => operations.refetch()} />;
  const view = operations.data;
  const hub = (id: string | null) => {
    const found = id ? findHub(id) : undefined;
    return found ? hubName(found, language) : (id ?? '—');
  };
  const status = (value: keyof typeof PARCEL_STATUS_NAMES) => i18n._(PARCEL_STATUS_NAMES[value]);
  return (
    <section aria-labelledby="operations-heading" className="flex flex-col gap-4">
      <h2 id="operations-heading" className="text-2xl font-bold">
        <Trans>Operations</Trans>
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Part title={t`Parcels by status`} empty={view.byStatus.length === 0}>
          <table className="table table-sm">
            <tbody>
              {view.byStatus.map((row) => (
                <tr key={row.status}>
                  <th scope="row">{status(row.status)}</th>
                  <td className="text-right">
                    <Link className="link link-primary" to={parcelsOpened({ status: row.status })}>
                      {count(row.count)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Part>
        <Part title={t`At the hubs`} empty={view.byHub.length === 0}>
          <table className="table table-sm">
            <tbody>
              {view.byHub.map((row) => (
                <tr key={`${row.hub}-${row.status}`}>
                  <th scope="row">{hub(row.hub)}</th>
                  <td>{status(row.status)}</td>
                  <td className="text-right">
                    <Link className="link link-primary" to={parcelsOpened({ hub: row.hub as HubId, status: row.status })}>
                      {count(row.count)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Part>
        <Part title={t`Stuck for more than ${count(view.stuckAfterHours)} hours`} empty={view.stuck.length === 0}>
          <Link className="link link-primary" to={parcelsOpened({ stuck: 'yes' })}>
            <Trans>Every stuck parcel, to act on</Trans>
          </Link>
          <table className="table table-sm">
            <tbody>
              {view.stuck.map((row) => (
                <tr key={row.trackingCode}>
                  <th scope="row" className="font-mono">
                    <Link className="link" to={parcelPath(row.trackingCode)}>
                      {row.trackingCode}
                    </Link>
                  </th>
                  <td>
                    {status(row.status)}
                    {row.hub ? ` · ${hub(row.hub)}` : ''}
                  </td>
                  <td>
                    <Trans>
                      since <time dateTime={row.since}>{moment(row.since)}</time>
                    </Trans>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Part>
        <Part
          title={t`Failed attempts in the last ${count(view.failedWithinDays)} days, by reason`}
          empty={view.failedByReason.length === 0}
        >
          <table className="table table-sm">
            <tbody>
              {view.failedByReason.map((row) => (
                <tr key={row.reason}>
                  <th scope="row">{i18n._(FAILURE_REASON_NAMES[row.reason])}</th>
                  <td className="text-right">
                    <Link className="link link-primary" to={parcelsOpened({ failed: row.reason })}>
                      {count(row.count)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Part>
        <Part
          title={t`Not confirmed by their recipients, before pickup`}
          empty={view.unconfirmed.waiting + view.unconfirmed.notOrdered === 0}
        >
          <table className="table table-sm" data-testid="unconfirmed-parcels">
            <tbody>
              <tr>
                <th scope="row">
                  <Trans>Waiting for the recipient or the merchant</Trans>
                </th>
                <td className="text-right">{count(view.unconfirmed.waiting)}</td>
              </tr>
              <tr>
                <th scope="row">
                  <Trans>Not ordered: held</Trans>
                </th>
                <td className="text-right">{count(view.unconfirmed.notOrdered)}</td>
              </tr>
            </tbody>
          </table>
        </Part>
      </div>
      <Part title={t`Cash with riders`} empty={view.cashWithRiders.length === 0}>
        <ul className="flex flex-col divide-y divide-base-200">
          {view.cashWithRiders.map(({ rider, parcels, amount }) => (
            <li
              key={rider.email}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="cash-with-rider"
            >
              <span>
                <span className="font-medium">{rider.name}</span> ({rider.email}):{' '}
                <Link className="link link-primary" to={parcelsOpened({ rider: rider.email, cashHeld: 'yes' })}>
                  <Plural value={parcels} one={`${taka(amount)} from # parcel`} other={`${taka(amount)} from # parcels`} />
                </Link>
              </span>
              <CashHandinForm rider={rider} />
            </li>
          ))}
        </ul>
      </Part>
      <Part
        title={t`Cash handed in short or over, last ${count(view.failedWithinDays)} days`}
        empty={view.cashDifferences.length === 0}
      >
        <table className="table table-sm" data-testid="cash-differences">
          <thead>
            <tr>
              <th>
                <Trans>Rider</Trans>
              </th>
              <th>
                <Trans>Handed in</Trans>
              </th>
              <th className="text-right">
                <Trans>Collected</Trans>
              </th>
              <th className="text-right">
                <Trans>Counted</Trans>
              </th>
              <th className="text-right">
                <Trans>Difference</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {view.cashDifferences.map((handin) => (
              <tr key={`${handin.at}-${handin.rider?.email}`}>
                <th scope="row">{handin.rider?.name ?? t`A removed rider`}</th>
                <td>
                  <time dateTime={handin.at}>{moment(handin.at)}</time>
                </td>
                <td className="text-right">{taka(handin.amount)}</td>
                <td className="text-right">{taka(handin.counted)}</td>
                <td className="text-right font-medium text-error">
                  {handin.difference < 0 ? t`${taka(-handin.difference)} short` : t`${taka(handin.difference)} over`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Part>
      <OpenReturnRequests />
    </section>
  );
}
