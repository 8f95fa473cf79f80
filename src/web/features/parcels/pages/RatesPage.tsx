import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FileRefusal } from '#web/components/FileRefusal.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError, apiResponse } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

const RATES_CSV = '/api/admin/rates.csv';

/** The card's lines as cells: the server writes plain cells (services, zones and amounts hold no commas). */
const cellsOf = (csv: string) =>
  csv
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => line.split(','));

/**
 * The rate card (R-RATE-CARD, admins): the prices in force as a table, the file to edit them in a
 * spreadsheet, and the import, which takes the whole file or nothing and names each refused line.
 */
export function RatesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Rates`);
  const inPageLanguage = useInPageLanguage();
  const fileId = useId();
  const queryClient = useQueryClient();
  const card = useQuery({
    queryKey: queryKeys.rateCard,
    queryFn: async ({ signal }) => (await apiResponse(RATES_CSV, { signal })).text(),
  });
  const [refusal, setRefusal] = useState<ApiError>();
  const importCard = useMutation({
    // The file's bytes as they are: the server refuses one that is not UTF-8 by its line (decision 98),
    // where File.text() would have replaced what it could not read.
    mutationFn: async (file: File) =>
      (await apiResponse('/api/admin/rates', { method: 'PUT', body: file, contentType: 'text/csv' })).text(),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.rateCard, saved),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return;
    setRefusal(undefined);
    try {
      await importCard.mutateAsync(file);
      toast.success(/*i18n*/ 'The new rate card is in force: new quotes and bookings use it.');
      event.currentTarget?.reset();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setRefusal(error);
      else toastApiError(error, /*i18n*/ 'The rate card could not be imported. Please try again.');
    }
  };

  if (card.isPending) return <Spinner label={t`Loading the rate card`} />;
  if (card.isError) return <LoadError what={t`the rate card`} onRetry={() => card.refetch()} />;
  const [header = [], ...lines] = cellsOf(card.data);

  return (
    <section aria-labelledby="rates-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rates-heading" className="text-2xl font-bold">
          <Trans>Rates</Trans>
        </h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            downloadFile(RATES_CSV, 'rate-card.csv').catch((error) =>
              toastApiError(error, /*i18n*/ 'The file could not be made.'),
            )
          }
        >
          <Trans>Download CSV</Trans>
        </button>
      </div>
      <p className="max-w-3xl text-sm text-base-content/80">
        <Trans>
          Prices in taka for each service and zone, by the heaviest parcel each weight band takes; above the last band, each 500 g
          more costs the last column. An empty cell: the service takes no parcel that light. A booked parcel keeps the price it
          was booked at.
        </Trans>
      </p>
      {/* A scroll region keyboard users can reach and screen readers name, should a phone still be too narrow. */}
      <section
        className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
        aria-label={t`Rates`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus so the keyboard can scroll it.
        tabIndex={0}
      >
        <table className="table table-sm" data-testid="rate-card">
          <thead className="text-base-content">
            <tr>
              {header.map((column) => (
                <th key={column} className="font-mono">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((cells) => (
              <tr key={`${cells[0]}-${cells[1]}`}>
                {cells.map((cell, index) => (
                  <td key={header[index] ?? index} className={index > 1 ? 'text-right tabular-nums' : ''}>
                    {cell || '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form className="card border border-base-300 bg-base-100" onSubmit={submit}>
        <div className="card-body gap-3">
          <h3 className="card-title text-lg">
            <Trans>Import a rate card</Trans>
          </h3>
          <label htmlFor={fileId} className="text-sm font-medium">
            <Trans>CSV file, in the form of the download</Trans>
          </label>
          <input id={fileId} name="file" type="file" accept=".csv,text/csv" className="file-input w-full max-w-md" required />
          <button type="submit" className="btn btn-primary w-fit" disabled={importCard.isPending}>
            <Trans>Import</Trans>
          </button>
          {refusal ? <FileRefusal refusal={refusal} /> : null}
        </div>
      </form>
    </section>
  );
}
