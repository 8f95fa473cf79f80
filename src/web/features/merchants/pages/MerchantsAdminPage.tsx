import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { Merchant, Payout } from '#shared/merchant.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useDecideOnMerchant, useMerchants, usePayoutActions, usePayoutRun, usePayouts } from '../api/use-merchant.ts';
import { PayoutFiles } from '../components/PayoutFiles.tsx';
import { PayoutRunProgress } from '../components/PayoutRunProgress.tsx';
import { PayoutTable } from '../components/PayoutTable.tsx';
import { payoutAccountText } from '../components/payout-account.ts';
import { Reconciliation } from '../components/Reconciliation.tsx';

const textOf = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? '').trim();

/** One application waiting for a decision: approve it, or refuse it with the reason the applicant reads. */
function Application({ merchant }: { merchant: Merchant }) {
  const { t, i18n } = useLingui();
  const decide = useDecideOnMerchant();
  const [refusing, setRefusing] = useState(false);
  const onError = (error: unknown) => toastApiError(error, /*i18n*/ 'The decision could not be saved. Please try again.');
  const refuse = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    decide.mutate({ id: merchant.id, reason: textOf(event, 'reason') }, { onError });
  };
  return (
    <li className="card border border-base-300 bg-base-100" data-testid="merchant-application">
      <div className="card-body gap-2 p-5">
        <h4 className="card-title text-lg">{merchant.businessName}</h4>
        <p className="text-sm">{merchant.email}</p>
        {merchant.pickupAddresses.map((pickup) => (
          <p key={`${pickup.address}-${pickup.areaId}`} className="text-sm">
            {pickup.name}, {pickup.phone}, {pickup.address}
          </p>
        ))}
        <p className="text-sm">{payoutAccountText(merchant.payoutMethod, i18n)}</p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-success btn-sm"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: merchant.id }, { onError })}
          >
            <Trans>Approve</Trans>
          </button>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setRefusing(true)}>
            <Trans>Refuse</Trans>
          </button>
        </div>
        {refusing ? (
          <form onSubmit={refuse} className="flex flex-wrap items-end gap-2">
            <FormField label={t`Why it is refused`} name="reason" required />
            <button type="submit" className="btn btn-error btn-sm" disabled={decide.isPending}>
              <Trans>Refuse the application</Trans>
            </button>
          </form>
        ) : null}
      </div>
    </li>
  );
}

/** Marking an unpaid payout paid: the transfer's reference, and its merchant is mailed the statement. */
function MarkPaid({ payout }: { payout: Payout }) {
  const { t } = useLingui();
  const { markPaid } = usePayoutActions();
  if (payout.paidAt || payout.failedAt) return null;
  const number = payout.number;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    markPaid.mutate(
      { id: payout.id, reference: textOf(event, 'reference') },
      {
        onSuccess: () => toast.success(/*i18n*/ 'Marked paid. The merchant is mailed the statement.'),
        onError: (error) => toastApiError(error, /*i18n*/ 'The payout could not be marked paid.'),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <FormField label={t`Reference of ${number}`} name="reference" className="input-sm" required />
      <button type="submit" className="btn btn-primary btn-sm" disabled={markPaid.isPending}>
        <Trans>Mark paid</Trans>
      </button>
    </form>
  );
}

/** Merchants for admins (issue 30): applications to decide on, and the payouts to make and mark paid. */
export function MerchantsAdminPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Merchants`);
  const { taka } = useParcelFormat();
  // Applications a page at a time: each decision takes one off, and the next waiting one comes up.
  const applications = useMerchants('pending');
  // The balances a page at a time (issue 40): the `after` of each page read so far, to go back one.
  const [balancePages, setBalancePages] = useState<string[]>([]);
  const balances = useMerchants('approved', balancePages.at(-1));
  const payouts = usePayouts();
  const { run } = usePayoutActions();
  const payoutRun = usePayoutRun();
  const waiting = applications.data?.merchants ?? [];
  const approved = balances.data?.merchants ?? [];
  const nextBalances = balances.data?.next ?? null;
  // The server makes the payouts only when the box is ticked (R-PAYOUT-CONFIRM): its refusal is shown by the box.
  const [runRefusal, setRunRefusal] = useState<string | null>(null);
  const makePayouts = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRunRefusal(null);
    run.mutate(new FormData(event.currentTarget).get('confirm') === 'on', {
      onError: (error) =>
        error instanceof ApiError && error.status === 400
          ? setRunRefusal(error.message)
          : toastApiError(error, /*i18n*/ 'The payouts could not be started. Please try again.'),
    });
  };
  return (
    <section aria-labelledby="merchants-heading" className="flex max-w-5xl flex-col gap-6">
      <h2 id="merchants-heading" className="text-2xl font-bold">
        <Trans>Merchants</Trans>
      </h2>
      {applications.isPending || balances.isPending ? <Spinner label={t`Loading the merchants`} /> : null}
      {applications.isError ? <LoadError what={t`the merchants`} onRetry={() => applications.refetch()} /> : null}
      {balances.isError ? <LoadError what={t`the merchants`} onRetry={() => balances.refetch()} /> : null}
      <section aria-labelledby="applications-heading" className="flex flex-col gap-3">
        <h3 id="applications-heading" className="text-xl font-semibold">
          <Trans>Applications</Trans>
        </h3>
        {applications.data && waiting.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6 text-center">
            <Trans>No application is waiting.</Trans>
          </p>
        ) : null}
        <ul className="grid gap-3 md:grid-cols-2">
          {waiting.map((merchant) => (
            <Application key={merchant.id} merchant={merchant} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="balances-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="balances-heading" className="text-xl font-semibold">
            <Trans>Balances</Trans>
          </h3>
          <form onSubmit={makePayouts} aria-label={t`Make the payouts now`} className="flex flex-wrap items-center gap-2">
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="confirm"
                className="checkbox checkbox-sm"
                aria-invalid={runRefusal ? true : undefined}
                aria-describedby={runRefusal ? 'payout-run-refusal' : undefined}
              />
              <Trans>Yes, make the payouts now</Trans>
            </label>
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={run.isPending || payoutRun.data?.state === 'running'}
            >
              <Trans>Make the payouts now</Trans>
            </button>
          </form>
        </div>
        {runRefusal ? (
          <p id="payout-run-refusal" role="alert" className="text-sm text-error">
            {runRefusal}
          </p>
        ) : null}
        <p className="text-sm">
          <Trans>
            Every merchant owed more than nothing before now gets a payout, in the background; this page shows how far it is. One
            run a day: once today's is done, lines written after it wait for the next run.
          </Trans>
        </p>
        {payoutRun.data ? <PayoutRunProgress run={payoutRun.data} /> : null}
        <p className="text-sm text-base-content/80">
          <Trans>The payouts are made every Tuesday at 10:00 as well.</Trans>
        </p>
        <ul className="grid gap-1">
          {approved.map((merchant) => (
            <li key={merchant.id} data-testid="merchant-balance">
              {merchant.businessName}: {taka(merchant.balance)}
              {/* Where the next run pays it (issue 42), read before making the payouts. */}
              <span className="block text-sm text-base-content/80">{payoutAccountText(merchant.payoutMethod, i18n)}</span>
            </li>
          ))}
        </ul>
        {balancePages.length > 0 || nextBalances !== null ? (
          <nav aria-label={t`Balance pages`} className="join self-center">
            <button
              type="button"
              className="join-item btn btn-sm"
              disabled={balancePages.length === 0}
              onClick={() => setBalancePages(balancePages.slice(0, -1))}
            >
              <Trans>Previous</Trans>
            </button>
            <button
              type="button"
              className="join-item btn btn-sm"
              disabled={nextBalances === null}
              onClick={() => nextBalances && setBalancePages([...balancePages, nextBalances])}
            >
              <Trans>Next</Trans>
            </button>
          </nav>
        ) : null}
      </section>
      {payoutRun.data ? <PayoutFiles day={payoutRun.data.day} /> : null}
      <section aria-labelledby="admin-payouts-heading" className="flex flex-col gap-3">
        <h3 id="admin-payouts-heading" className="text-xl font-semibold">
          <Trans>Payouts</Trans>
        </h3>
        {payouts.isPending ? <Spinner label={t`Loading the payouts`} /> : null}
        {payouts.isError ? <LoadError what={t`the payouts`} onRetry={() => payouts.refetch()} /> : null}
        {payouts.data ? (
          <PayoutTable
            payouts={payouts.data.pages.flat()}
            older={payouts.hasNextPage ? () => payouts.fetchNextPage() : undefined}
            loadingOlder={payouts.isFetchingNextPage}
            action={(payout) => <MarkPaid payout={payout} />}
          />
        ) : null}
      </section>
      <Reconciliation />
    </section>
  );
}
