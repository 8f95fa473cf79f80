import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDateTime } from '#shared/locale-format.ts';
import { LEDGER_KIND_NAMES, type LedgerCursor, type Merchant } from '#shared/merchant.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { WeeklyOutcomes } from '#web/components/WeeklyOutcomes.tsx';
import { downloadFile } from '#web/lib/download.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useLedger, useMerchant, useMyPayouts, useParcelOutcomes } from '../api/use-merchant.ts';
import { ApiKeys } from '../components/ApiKeys.tsx';
import { ApplicationForm, type AreaInput } from '../components/ApplicationForm.tsx';
import { BulkBookingForm, type ServiceNames } from '../components/BulkBookingForm.tsx';
import { ConfirmEveryCod } from '../components/ConfirmEveryCod.tsx';
import { PayoutTable } from '../components/PayoutTable.tsx';
import { Stores } from '../components/Stores.tsx';
import { Webhooks } from '../components/Webhooks.tsx';

/** A statement's CSV, fetched with the viewer's token and saved. */
const download = (path: string, name: string) =>
  downloadFile(path, name).catch((error: unknown) => toastApiError(error, /*i18n*/ 'The statement could not be downloaded.'));

/** An approved merchant's balance, ledger (a page at a time), payouts, stores, bulk bookings and API keys. */
function MerchantAccount({
  merchant,
  serviceNames,
  areaInput,
}: {
  merchant: Merchant;
  serviceNames: ServiceNames;
  areaInput: AreaInput;
}) {
  const { t, i18n } = useLingui();
  const { taka, language } = useParcelFormat();
  const [page, setPage] = useState<LedgerCursor>({});
  const ledger = useLedger(page, true);
  const payouts = useMyPayouts(true);
  const outcomes = useParcelOutcomes();
  const business = merchant.businessName;
  const { newer, older } = ledger.data ?? { newer: null, older: null };
  return (
    <div className="flex flex-col gap-6">
      <div className="stats border border-base-300 bg-base-100">
        <div className="stat">
          <div className="stat-title text-base-content">
            <Trans>Balance owed to {business}</Trans>
          </div>
          <div className="stat-value text-primary" data-testid="merchant-balance">
            {taka(ledger.data?.balance ?? merchant.balance)}
          </div>
          <div className="stat-desc text-base-content">
            <Trans>Paid every Tuesday</Trans>
          </div>
        </div>
      </div>
      {outcomes.data ? <WeeklyOutcomes outcomes={outcomes.data} headingId="merchant-outcomes-heading" /> : null}
      <section aria-labelledby="ledger-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="ledger-heading" className="text-xl font-semibold">
            <Trans>Ledger</Trans>
          </h3>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => download('/api/merchant/ledger.csv', 'statement.csv')}
            >
              <Trans>Download the statement (CSV)</Trans>
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => download('/api/merchant/ledger.pdf', 'statement.pdf')}
            >
              <Trans>Download the statement (PDF)</Trans>
            </button>
          </div>
        </div>
        {ledger.isPending ? <Spinner label={t`Loading the ledger`} /> : null}
        {ledger.isError ? <LoadError what={t`the ledger`} onRetry={() => ledger.refetch()} /> : null}
        {ledger.data?.lines.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6 text-center">
            <Trans>Nothing yet: delivered parcels add their cash here.</Trans>
          </p>
        ) : null}
        {ledger.data && ledger.data.lines.length > 0 ? (
          <TableRegion label={t`Ledger lines`}>
            <table className="table">
              <thead>
                <tr>
                  <th>{t`When`}</th>
                  <th>{t`What`}</th>
                  <th>{t`Parcel`}</th>
                  <th className="text-end">{t`Amount`}</th>
                  <th>{t`Payout`}</th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.lines.map((line) => (
                  <tr key={line.id} data-testid="ledger-line">
                    <td className="whitespace-nowrap">{formatDateTime(new Date(line.at), language)}</td>
                    <td>{i18n._(LEDGER_KIND_NAMES[line.kind])}</td>
                    <td className="font-mono">{line.trackingCode}</td>
                    <td className={`text-end whitespace-nowrap ${line.amount < 0 ? 'text-error' : ''}`}>{taka(line.amount)}</td>
                    <td>{line.payout ?? t`Owed`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ) : null}
        {newer !== null || older !== null ? (
          <nav aria-label={t`Ledger pages`} className="join self-center">
            <button
              type="button"
              className="join-item btn btn-sm"
              disabled={newer === null}
              onClick={() => setPage(newer === null ? {} : { after: newer })}
            >
              <Trans>Newer</Trans>
            </button>
            <button
              type="button"
              className="join-item btn btn-sm"
              disabled={older === null}
              onClick={() => setPage(older === null ? {} : { before: older })}
            >
              <Trans>Older</Trans>
            </button>
          </nav>
        ) : null}
      </section>
      <section aria-labelledby="payouts-heading" className="flex flex-col gap-3">
        <h3 id="payouts-heading" className="text-xl font-semibold">
          <Trans>Payouts</Trans>
        </h3>
        {payouts.isPending ? <Spinner label={t`Loading the payouts`} /> : null}
        {payouts.isError ? <LoadError what={t`the payouts`} onRetry={() => payouts.refetch()} /> : null}
        {payouts.data ? (
          <PayoutTable
            merchantColumn={false}
            payouts={payouts.data.pages.flat()}
            older={payouts.hasNextPage ? () => payouts.fetchNextPage() : undefined}
            loadingOlder={payouts.isFetchingNextPage}
            action={(payout) => (
              <div className="flex gap-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => download(`/api/merchant/payouts/${payout.id}/statement.csv`, `payout-${payout.number}.csv`)}
                >
                  <Trans>Statement (CSV)</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => download(`/api/merchant/payouts/${payout.id}/statement.pdf`, `payout-${payout.number}.pdf`)}
                >
                  <Trans>Statement (PDF)</Trans>
                </button>
              </div>
            )}
          />
        ) : null}
      </section>
      <Stores areaInput={areaInput} />
      <ConfirmEveryCod />
      <BulkBookingForm serviceNames={serviceNames} />
      <ApiKeys />
      <Webhooks />
    </div>
  );
}

/**
 * The merchant page (issue 30): the application and its standing, then, once approved, the balance,
 * the COD ledger, the payouts, bulk booking and the API keys.
 */
export function MerchantPage({
  areaInput,
  sender,
  serviceNames,
}: {
  areaInput: AreaInput;
  sender: { name: string; phone: string };
  serviceNames: ServiceNames;
}) {
  const { t } = useLingui();
  useDocumentTitle(t`Merchant`);
  const merchant = useMerchant();
  return (
    <section aria-labelledby="merchant-heading" className="flex max-w-5xl flex-col gap-4">
      <h2 id="merchant-heading" className="text-2xl font-bold">
        {merchant.data ? merchant.data.businessName : <Trans>Merchant</Trans>}
      </h2>
      {merchant.isPending ? <Spinner label={t`Loading your merchant account`} /> : null}
      {merchant.isError ? <LoadError what={t`your merchant account`} onRetry={() => merchant.refetch()} /> : null}
      {merchant.data?.status === 'pending' ? (
        <p role="status" className="alert alert-info alert-soft">
          <Trans>Thank you for applying. An admin reads every application; this page shows the decision.</Trans>
        </p>
      ) : null}
      {merchant.data?.status === 'refused' ? (
        <div role="alert" className="alert alert-warning alert-soft flex-col items-start">
          <p className="font-semibold">
            <Trans>Your application was refused:</Trans>
          </p>
          <p>{merchant.data.refusalReason}</p>
          <p>
            <Trans>Correct it below and apply again.</Trans>
          </p>
        </div>
      ) : null}
      {merchant.data === null || merchant.data?.status === 'refused' ? (
        <ApplicationForm areaInput={areaInput} sender={sender} />
      ) : null}
      {merchant.data?.status === 'approved' ? (
        <MerchantAccount merchant={merchant.data} serviceNames={serviceNames} areaInput={areaInput} />
      ) : null}
    </section>
  );
}
