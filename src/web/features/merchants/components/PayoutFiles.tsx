import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import type { PayoutFileKind, PayoutResultImport } from '#shared/payout-files.ts';
import { FileRefusal } from '#web/components/FileRefusal.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useImportPayoutResults, usePayoutFiles } from '../api/use-payout-files.ts';
import { WALLET_NAMES } from './wallet-names.ts';

/** What a result file did: the payouts paid, failed (their amounts back in the balances) and already recorded. */
function ImportOutcome({ outcome }: { outcome: PayoutResultImport }) {
  const { taka, count } = useParcelFormat();
  const paid = count(outcome.paid);
  const failed = count(outcome.failed);
  const returned = taka(outcome.returned);
  const unchanged = count(outcome.unchanged);
  return (
    <p role="status" className="alert alert-success alert-soft text-sm">
      <Trans>
        {paid} paid, {failed} failed ({returned} back to the merchants’ balances), {unchanged} already recorded.
      </Trans>
    </p>
  );
}

/**
 * A payout run's bulk files and their results (R-PAYOUT-FILES): finance downloads the bKash, Nagad, Rocket
 * and BEFTN files, uploads them to the portals, and imports each portal's result file here, which marks
 * the payouts paid or failed; no reference is typed.
 */
export function PayoutFiles({ day }: { day: string }) {
  const { t, i18n } = useLingui();
  const { taka } = useParcelFormat();
  const inPageLanguage = useInPageLanguage();
  const fileId = useId();
  const files = usePayoutFiles(day);
  const importResults = useImportPayoutResults();
  const [outcome, setOutcome] = useState<PayoutResultImport>();
  const [refusal, setRefusal] = useState<ApiError>();
  const fileName = (kind: PayoutFileKind) => (kind === 'beftn' ? t`BEFTN (banks)` : i18n._(WALLET_NAMES[kind]));
  const download = (kind: PayoutFileKind) =>
    downloadFile(`/api/admin/payouts/runs/${day}/files/${kind}`, `payouts-${day}-${kind}.csv`).catch((error: unknown) =>
      toastApiError(error, /*i18n*/ 'The file could not be downloaded. Please try again.'),
    );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get('file');
    if (!(file instanceof File) || file.size === 0) return;
    setRefusal(undefined);
    setOutcome(undefined);
    try {
      setOutcome(await importResults.mutateAsync(file));
      await files.refetch();
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setRefusal(error);
      else toastApiError(error, /*i18n*/ 'The result file could not be imported. Please try again.');
    }
  };
  return (
    <section aria-labelledby="payout-files-heading" className="flex flex-col gap-3">
      <h3 id="payout-files-heading" className="text-xl font-semibold">
        <Trans>Payout files</Trans>
      </h3>
      {files.isError ? <LoadError what={t`the payout files`} onRetry={() => files.refetch()} /> : null}
      <ul className="flex flex-wrap gap-2">
        {files.data?.files.map((file) => {
          const name = fileName(file.kind);
          const payouts = file.payouts;
          const amount = taka(file.amount);
          return (
            <li key={file.kind}>
              <button
                type="button"
                className="btn btn-outline btn-sm h-auto flex-col items-start py-1"
                disabled={payouts === 0}
                onClick={() => download(file.kind)}
              >
                <span>
                  <Trans>Download {name}</Trans>
                </span>
                <span className="text-xs font-normal">
                  <Plural value={payouts} one="# payout" other="# payouts" />, {amount}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {files.data && files.data.needsRoutingNumber.length > 0 ? (
        <div className="rounded-box bg-base-200 p-4 text-sm">
          <p className="font-medium">
            <Trans>Needs a routing number: in no file. Pay these by hand and mark them paid below.</Trans>
          </p>
          <ul className="list-disc pl-5">
            {files.data.needsRoutingNumber.map((payout) => (
              <li key={payout.number}>
                {payout.number} · {payout.merchant.businessName} · {taka(payout.amount)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form className="flex flex-col gap-2" onSubmit={submit}>
        <label htmlFor={fileId} className="text-sm font-medium">
          <Trans>Import a result file (CSV: Reference, Status, Transaction ID, Reason)</Trans>
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            className="file-input file-input-sm w-full max-w-xs"
            required
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={importResults.isPending}>
            <Trans>Import</Trans>
          </button>
        </div>
      </form>
      {outcome ? <ImportOutcome outcome={outcome} /> : null}
      {refusal ? <FileRefusal refusal={refusal} className="text-sm" /> : null}
    </section>
  );
}
