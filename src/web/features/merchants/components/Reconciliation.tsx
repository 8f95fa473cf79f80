import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ReconciliationCheck } from '#shared/reconciliation.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { downloadFile } from '#web/lib/download.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useReconciliation } from '../api/use-payout-files.ts';

/** The checks' names as the page says them. */
const CHECK_NAMES: Record<ReconciliationCheck, string> = {
  cash: /*i18n*/ 'Cash handed in',
  payments: /*i18n*/ 'Payments received',
  payouts: /*i18n*/ 'Payouts sent',
};

/**
 * The day's reconciliation (R-RECONCILIATION): each check's totals, the ledger's side against the money's,
 * and every difference, to the poisha; yesterday's until another day is chosen.
 */
export function Reconciliation() {
  const { t, i18n } = useLingui();
  const { taka } = useParcelFormat();
  const inPageLanguage = useInPageLanguage();
  const dayId = useId();
  const [day, setDay] = useState('');
  const report = useReconciliation(day);
  const shown = report.data?.day ?? day;
  const download = () =>
    downloadFile(`/api/admin/reconciliation.csv?day=${shown}`, `reconciliation-${shown}.csv`).catch((error: unknown) =>
      toastApiError(error, /*i18n*/ 'The file could not be downloaded. Please try again.'),
    );
  return (
    <section aria-labelledby="reconciliation-heading" className="flex flex-col gap-3">
      <h3 id="reconciliation-heading" className="text-xl font-semibold">
        <Trans>Reconciliation</Trans>
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={dayId} className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Day</Trans>
          <input
            id={dayId}
            type="date"
            className="input input-sm"
            value={shown}
            onChange={(event) => setDay(event.currentTarget.value)}
          />
        </label>
        <button type="button" className="btn btn-outline btn-sm" disabled={!report.data} onClick={download}>
          <Trans>Download CSV</Trans>
        </button>
      </div>
      {report.isPending ? <Spinner label={t`Loading the reconciliation`} /> : null}
      {report.isError ? <LoadError what={t`the reconciliation`} onRetry={() => report.refetch()} /> : null}
      {report.data ? (
        <>
          <p role="status" className={`alert alert-soft text-sm ${report.data.closes ? 'alert-success' : 'alert-error'}`}>
            {report.data.closes ? (
              <Trans>The day closes to the poisha.</Trans>
            ) : (
              <Trans>The day does not close: every difference is listed below.</Trans>
            )}
          </p>
          <TableRegion label={t`Totals`}>
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Check</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Ledger</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Money</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Difference</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.totals.map((total) => (
                  <tr key={`${total.check}-${total.provider ?? ''}`}>
                    <th scope="row">
                      {i18n._(CHECK_NAMES[total.check])}
                      {total.provider ? ` (${total.provider})` : ''}
                    </th>
                    <td className="text-right tabular-nums">{taka(total.expected)}</td>
                    <td className="text-right tabular-nums">{taka(total.actual)}</td>
                    <td className="text-right tabular-nums">{taka(total.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {report.data.differences.length > 0 ? (
            <ul className="flex flex-col gap-2" aria-label={t`Differences`}>
              {report.data.differences.map((difference) => (
                <li
                  key={`${difference.check}-${difference.subject}-${difference.reason}`}
                  className="rounded-box bg-base-200 p-3 text-sm"
                >
                  <p className="font-medium">
                    {i18n._(CHECK_NAMES[difference.check])}: {difference.subject} · {taka(difference.difference)}
                  </p>
                  <p>{inPageLanguage(i18n._(difference.reason))}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
