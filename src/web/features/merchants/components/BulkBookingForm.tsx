import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { BULK_BOOKING_MESSAGES, BULK_COLUMNS, BULK_TEMPLATE_PATH, type BulkBooking } from '#shared/bulk-booking.ts';
import { LIMITS } from '#shared/limits.ts';
import { formatDateTime } from '#shared/locale-format.ts';
import { SERVICES, type Service } from '#shared/parcel-services.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useBulkBookings } from '../api/use-merchant.ts';
import { useStores } from '../api/use-stores.ts';
import { fileColumns } from './file-columns.ts';
import { VagueAddressLines } from './VagueAddressLines.tsx';

export type ServiceNames = Record<Service, MessageDescriptor>;

/** A file's labels as one PDF, fetched with the viewer's token. */
const printLabels = (booking: BulkBooking) =>
  downloadFile(new URL(booking.labelsUrl).pathname, `labels-${booking.id}.pdf`).catch((error: unknown) =>
    toastApiError(error, /*i18n*/ 'The labels could not be downloaded.'),
  );

/** "line 18", as the API names a file's line, in the reader's words and digits. */
function LineName({ field }: { field: string }) {
  const { count } = useParcelFormat();
  const number = /^line (\d+)$/.exec(field)?.[1];
  if (!number) return <>{field}</>;
  const line = count(Number(number));
  return <Trans>Line {line}</Trans>;
}

/** What was wrong with a refused file: each line with its problem, in the file's order. */
function Refusal({ error }: { error: ApiError }) {
  const { t } = useLingui();
  const lines = Object.entries(error.fields ?? {});
  return (
    <div role="alert" className="alert alert-error alert-soft block space-y-2" data-testid="bulk-refusal">
      <p className="font-semibold">{error.message}</p>
      {lines.length > 0 ? (
        <ul
          className="max-h-72 w-full overflow-y-auto text-sm"
          aria-label={t`Lines to correct`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must take the focus so the keyboard can scroll it.
          tabIndex={0}
        >
          {lines.map(([line, problem]) => (
            <li key={line}>
              <span className="font-semibold">
                <LineName field={line} />
              </span>
              :{' '}
              {problem.split('\n').map((part, at) => (
                <span key={part} className={at > 0 ? 'block ps-4' : undefined}>
                  {part}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The form fields a chosen column travels in, before they are sent as one `columns` field. */
const CHOICE_FIELD = 'column:';

/**
 * For a file whose columns are neither the template's nor an order export's (issue 41): which of its
 * columns holds each of ours. Sent with the file, and remembered by the server for files like it.
 */
function ColumnChooser({ columns }: { columns: string[] }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <fieldset className="fieldset col-span-full rounded-box border border-base-300 p-3" data-testid="column-chooser">
      <legend className="fieldset-legend">
        <Trans>Which column of your file holds each of ours?</Trans>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {BULK_COLUMNS.map((column) => (
          <div key={column} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${column}`} className="label-text font-mono text-sm">
              {column}
            </label>
            <select
              id={`${id}-${column}`}
              name={`${CHOICE_FIELD}${column}`}
              className="select select-bordered select-sm w-full"
              defaultValue={columns.find((name) => name.toLowerCase() === column) ?? ''}
            >
              <option value="">{t`Not in the file`}</option>
              {columns.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The chosen columns as the server takes them: `columns`, one JSON field (none when nothing is chosen). */
function withChoices(data: FormData): FormData {
  const choices: Record<string, string> = {};
  for (const [name, value] of [...data.entries()]) {
    if (!name.startsWith(CHOICE_FIELD)) continue;
    data.delete(name);
    if (typeof value === 'string' && value !== '') choices[name.slice(CHOICE_FIELD.length)] = value;
  }
  if (Object.keys(choices).length > 0) data.set('columns', JSON.stringify(choices));
  return data;
}

/**
 * Bulk booking (R-BULK-BOOKING): a spreadsheet of up to 5,000 parcels, checked line by line and booked all
 * at once or not at all, then its labels printed as one PDF. Earlier files stay listed with their labels.
 */
export function BulkBookingForm({ serviceNames }: { serviceNames: ServiceNames }) {
  const { t, i18n } = useLingui();
  const stores = useStores();
  const { taka, count, language } = useParcelFormat();
  const bookings = useBulkBookings();
  const [booked, setBooked] = useState<BulkBooking>();
  const [refusal, setRefusal] = useState<ApiError>();
  /** The file's columns, offered when the server does not know them (its only problem is on line 1). */
  const [columns, setColumns] = useState<string[]>();
  const most = count(LIMITS.bulkBookingRowsMax);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = withChoices(new FormData(form));
    setBooked(undefined);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setRefusal(new ApiError(400, 'bad_request', i18n._(BULK_BOOKING_MESSAGES.noFile)));
      return;
    }
    setRefusal(undefined);
    bookings.book.mutate(data, {
      onSuccess: (booking) => {
        setBooked(booking);
        setColumns(undefined);
        form.reset();
      },
      onError: async (failure) => {
        if (!(failure instanceof ApiError && failure.status === 400)) {
          toastApiError(failure, /*i18n*/ 'The file could not be booked. Please try again.');
          return;
        }
        setRefusal(failure);
        const onFirstLineOnly = Object.keys(failure.fields ?? {}).join() === 'line 1';
        if (onFirstLineOnly) setColumns(await fileColumns(file));
      },
    });
  };

  const parcels = count(booked?.parcels ?? 0);
  const fees = taka(booked?.total ?? 0);
  return (
    <section aria-labelledby="bulk-heading" className="flex flex-col gap-3">
      <h3 id="bulk-heading" className="text-xl font-semibold">
        <Trans>Book from a spreadsheet</Trans>
      </h3>
      <p className="text-sm text-base-content/80">
        <Trans>
          Upload a CSV file of up to {most} parcels, one per line, with the template’s columns, or your shop’s order export from
          WooCommerce or Shopify as it is. Every line is checked first: if any is wrong, nothing is booked and the lines to
          correct are listed.
        </Trans>{' '}
        <a className="link link-primary" href={BULK_TEMPLATE_PATH} download>
          <Trans>Download the template</Trans>
        </a>
      </p>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <label className="form-control flex flex-col gap-1">
          <span className="label-text">
            <Trans>Service</Trans>
          </span>
          <select name="service" className="select select-bordered w-full" defaultValue="standard">
            {SERVICES.map((service) => (
              <option key={service} value={service}>
                {i18n._(serviceNames[service])}
              </option>
            ))}
          </select>
        </label>
        <label className="form-control flex flex-col gap-1">
          <span className="label-text">
            <Trans>Store</Trans>
          </span>
          <select name="store" className="select select-bordered w-full">
            {(stores.list.data?.stores ?? []).map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}, {store.address}
              </option>
            ))}
          </select>
        </label>
        <label className="form-control flex flex-col gap-1">
          <span className="label-text">
            <Trans>CSV file</Trans>
          </span>
          <input
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            className="file-input file-input-bordered w-full"
            onChange={() => setColumns(undefined)}
          />
        </label>
        <label className="form-control flex flex-col gap-1">
          <span className="label-text">
            <Trans>Weight when the file has none (kg)</Trans>
          </span>
          <input
            type="text"
            inputMode="decimal"
            name="defaultWeightKg"
            placeholder="0.5"
            className="input input-bordered w-full"
            aria-describedby="bulk-weight-hint"
          />
          <span id="bulk-weight-hint" className="text-xs text-base-content/70">
            <Trans>Order exports from WooCommerce or Shopify have no weights.</Trans>
          </span>
        </label>
        {columns && columns.length > 0 ? <ColumnChooser columns={columns} /> : null}
        <button type="submit" className="btn btn-primary sm:col-span-2 sm:justify-self-start" disabled={bookings.book.isPending}>
          {bookings.book.isPending ? <Trans>Checking and booking…</Trans> : <Trans>Book the parcels</Trans>}
        </button>
      </form>
      {refusal ? <Refusal error={refusal} /> : null}
      {booked ? (
        <div role="status" className="alert alert-success alert-soft flex flex-wrap justify-between">
          <p>
            <Trans>
              Booked {parcels} parcels; their fees come to {fees}.
            </Trans>
          </p>
          <button type="button" className="btn btn-sm" onClick={() => printLabels(booked)}>
            <Trans>Print the labels (PDF)</Trans>
          </button>
        </div>
      ) : null}
      {booked?.vagueAddresses ? <VagueAddressLines lines={booked.vagueAddresses} /> : null}
      {bookings.list.isPending ? <Spinner label={t`Loading your bulk bookings`} /> : null}
      {bookings.list.isError ? <LoadError what={t`your bulk bookings`} onRetry={() => bookings.list.refetch()} /> : null}
      {bookings.list.data && bookings.list.data.length > 0 ? (
        <TableRegion label={t`Files booked`}>
          <table className="table">
            <thead>
              <tr>
                <th>{t`File`}</th>
                <th>{t`When`}</th>
                <th className="text-end">{t`Parcels`}</th>
                <th className="text-end">{t`Fees`}</th>
                <th>
                  <span className="sr-only">{t`Labels`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bookings.list.data.map((booking) => (
                <tr key={booking.id} data-testid="bulk-booking">
                  <td className="min-w-32 break-words">{booking.fileName}</td>
                  <td>{formatDateTime(new Date(booking.createdAt), language)}</td>
                  <td className="text-end">{count(booking.parcels)}</td>
                  <td className="text-end">{taka(booking.total)}</td>
                  <td>
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => printLabels(booking)}>
                      <Trans>Labels</Trans>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}
