import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Bag, type BagParcelView, type BagScanResult, bagCodesSchema } from '#shared/bag.ts';
import { placeName } from '#shared/place-name.ts';
import { TextAreaField } from '#web/components/FormField.tsx';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import {
  downloadBagLabel,
  downloadManifest,
  useBag,
  useBagMove,
  useBagParcels,
  useBagScan,
  useTakeOut,
} from '../api/use-bags.ts';
import { BagMoveError, BagStatusBadge, useHubName } from '../components/BagFacts.tsx';
import { CameraScanner } from '../components/CameraScanner.tsx';
import { ScanResults } from '../components/ScanResults.tsx';
import { PARCEL_STATUS_NAMES, statusTone } from '../components/status-names.ts';

/**
 * One bag (issue 43, R-BAGS; operators and admins): its parcels scanned in while it is open, its label
 * printed once closed, its dispatch and arrival, its manifest, and at arrival its parcels scanned out of it,
 * with the missing and extra ones listed.
 */
export function BagPage() {
  const { t } = useLingui();
  const { code = '' } = useParams();
  useDocumentTitle(t`Bag ${code}`);
  const inPageLanguage = useInPageLanguage();
  const bag = useBag(code);
  if (bag.isError)
    return (
      <p role="alert" className="alert alert-error alert-soft">
        {inPageLanguage(errorMessage(bag.error, t`The bag could not be loaded. Please try again.`))}
      </p>
    );
  if (!bag.data) return <Spinner label={t`Loading the bag`} />;
  return <BagScreen bag={bag.data} />;
}

function BagScreen({ bag }: { bag: Bag }) {
  const { code } = bag;
  const hub = useHubName();
  const { count } = useParcelFormat();
  const origin = hub(bag.origin);
  const destination = hub(bag.destination);
  return (
    <section aria-labelledby="bag-heading" className="flex flex-col gap-6">
      <p>
        <Link className="link" to="/dashboard/bags">
          <Trans>All bags</Trans>
        </Link>
      </p>
      <div className="flex flex-col gap-2">
        <h2 id="bag-heading" className="flex flex-wrap items-center gap-3 text-2xl font-bold">
          <span>
            <Trans>
              Bag <span className="font-mono">{code}</span>
            </Trans>
          </span>
          <BagStatusBadge status={bag.status} />
        </h2>
        <p className="text-lg">
          <Trans>
            From {origin} to {destination}
          </Trans>
        </p>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label={<Trans>Parcels in it</Trans>} value={count(bag.parcels)} />
          {bag.status === 'arrived' ? (
            <>
              <Figure label={<Trans>Scanned out</Trans>} value={count(bag.received)} />
              <Figure label={<Trans>Missing</Trans>} value={count(bag.missing)} tone={bag.missing > 0 ? 'text-error' : ''} />
              <Figure label={<Trans>Extra</Trans>} value={count(bag.extra)} />
            </>
          ) : null}
        </dl>
      </div>
      <BagActions bag={bag} />
      {bag.status === 'open' ? <BagScanForm code={code} kind="parcels" /> : null}
      {bag.status === 'arrived' ? <BagScanForm code={code} kind="receipts" /> : null}
      <BagParcels bag={bag} />
    </section>
  );
}

function Figure({ label, value, tone = '' }: { label: ReactNode; value: string; tone?: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <dt className="text-sm">{label}</dt>
      <dd className={`text-2xl font-bold ${tone}`}>{value}</dd>
    </div>
  );
}

/** What the bag's status allows next, by the bag's table of moves (src/shared/bag.ts). */
function BagActions({ bag }: { bag: Bag }) {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const move = useBagMove();
  const go = (to: 'close' | 'reopen' | 'dispatch' | 'arrival') => move.mutate({ code: bag.code, move: to });
  const download = (saving: Promise<void>) =>
    saving.catch((error: unknown) => toastApiError(error, /*i18n*/ 'The file could not be downloaded.'));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {bag.status === 'open' ? (
          <button type="button" className="btn btn-primary" disabled={move.isPending} onClick={() => go('close')}>
            <Trans>Close the bag</Trans>
          </button>
        ) : null}
        {bag.status === 'closed' ? (
          <>
            <button type="button" className="btn btn-primary" onClick={() => download(downloadBagLabel(bag.code))}>
              <Trans>Print the bag’s label</Trans>
            </button>
            <button type="button" className="btn btn-primary" disabled={move.isPending} onClick={() => go('dispatch')}>
              <Trans>Dispatch the bag</Trans>
            </button>
            <button type="button" className="btn btn-outline" disabled={move.isPending} onClick={() => go('reopen')}>
              <Trans>Open the bag again</Trans>
            </button>
          </>
        ) : null}
        {bag.status === 'dispatched' ? (
          <button type="button" className="btn btn-primary" disabled={move.isPending} onClick={() => go('arrival')}>
            <Trans>Receive the bag</Trans>
          </button>
        ) : null}
        {bag.status !== 'open' ? (
          <>
            <button type="button" className="btn btn-outline" onClick={() => download(downloadManifest(bag.code, 'pdf'))}>
              <Trans>Manifest (PDF)</Trans>
            </button>
            <button type="button" className="btn btn-outline" onClick={() => download(downloadManifest(bag.code, 'csv'))}>
              <Trans>Manifest (CSV)</Trans>
            </button>
          </>
        ) : null}
      </div>
      <BagMoveError error={move.error} />
    </div>
  );
}

/** Parcels scanned into an open bag, or out of an arrived one: one answer per code. */
function BagScanForm({ code, kind }: { code: string; kind: 'parcels' | 'receipts' }) {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const scan = useBagScan(code, kind);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const codesIn = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
  const addCode = (read: string) =>
    setTyped((text) => (codesIn(text).includes(read) ? text : `${text.trim() ? `${text.trimEnd()}\n` : ''}${read}\n`));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = bagCodesSchema.safeParse({ codes: codesIn(typed) });
    setError(parsed.error?.issues[0]?.message);
    if (parsed.success) scan.mutate(parsed.data.codes, { onSuccess: () => setTyped('') });
  };
  const results = scan.data?.results ?? [];
  const headingId = `bag-scan-${kind}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <form onSubmit={submit} noValidate className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <h3 id={headingId} className="card-title">
            {kind === 'parcels' ? <Trans>Put parcels in the bag</Trans> : <Trans>Scan the parcels out of the bag</Trans>}
          </h3>
          <p className="text-sm">
            {kind === 'parcels' ? (
              <Trans>Scan or type each parcel’s code as it goes in, one per line: each is checked on its own.</Trans>
            ) : (
              <Trans>
                Scan each parcel as it comes out: those in the bag never scanned are listed missing, those not in it extra.
              </Trans>
            )}
          </p>
          <TextAreaField
            label={t`Tracking codes`}
            name="codes"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            rows={6}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            error={error}
            required
          />
          <CameraScanner onCode={addCode} />
          <button type="submit" className="btn btn-primary self-start" disabled={scan.isPending}>
            {kind === 'parcels' ? <Trans>Put in the bag</Trans> : <Trans>Scan out</Trans>}
          </button>
        </div>
      </form>
      {scan.isError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {inPageLanguage(errorMessage(scan.error, t`The scans could not be sent. Please try again.`))}
        </p>
      ) : null}
      <ScanResults results={results} refusedOnly />
    </section>
  );
}

/** The bag's parcels a page at a time: all of them, or at arrival the missing and the extra ones. */
function BagParcels({ bag }: { bag: Bag }) {
  const { t, i18n } = useLingui();
  const { taka, count, language } = useParcelFormat();
  const [show, setShow] = useState<BagParcelView>(bag.status === 'arrived' && bag.missing > 0 ? 'missing' : 'in');
  const pages = useKeysetPages();
  const parcels = useBagParcels(bag.code, show, pages.cursor);
  const takeOut = useTakeOut(bag.code);
  const missing = count(bag.missing);
  const extra = count(bag.extra);
  const views: { view: BagParcelView; label: string }[] = [
    { view: 'in', label: t`In the bag` },
    ...(bag.status === 'arrived'
      ? [
          { view: 'missing' as const, label: t`Missing (${missing})` },
          { view: 'extra' as const, label: t`Extra (${extra})` },
        ]
      : []),
  ];
  const names = { in: t`Parcels in the bag`, missing: t`Missing parcels`, extra: t`Extra parcels` };
  return (
    <section aria-labelledby="bag-parcels-heading" className="flex flex-col gap-3">
      <h3 id="bag-parcels-heading" className="text-xl font-bold">
        {names[show]}
      </h3>
      {views.length > 1 ? (
        <div className="flex flex-wrap gap-2">
          {views.map(({ view, label }) => (
            <button
              key={view}
              type="button"
              aria-pressed={show === view}
              className={`btn btn-sm ${show === view ? 'btn-primary' : 'btn-outline'}`}
              onClick={() => {
                setShow(view);
                pages.restart();
              }}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      {parcels.data ? (
        <TableRegion label={names[show]}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t`Parcel`}</th>
                <th scope="col">{t`Destination`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col" className="text-right">{t`Weight`}</th>
                <th scope="col" className="text-right">{t`Cash to collect`}</th>
                {bag.status === 'open' ? <th scope="col">{t`Take out`}</th> : null}
              </tr>
            </thead>
            <tbody>
              {parcels.data.parcels.map((parcel) => (
                <tr key={parcel.trackingCode} data-testid="bag-parcel">
                  <td className="font-mono">{parcel.trackingCode}</td>
                  <td>{placeName(parcel.area, language)}</td>
                  <td className="whitespace-nowrap">
                    <span className={`badge badge-soft ${statusTone(parcel.status)}`}>
                      {i18n._(PARCEL_STATUS_NAMES[parcel.status])}
                    </span>
                  </td>
                  <td className="text-right">
                    <Kilograms grams={parcel.weightGrams} />
                  </td>
                  <td className="text-right">{parcel.codAmount > 0 ? taka(parcel.codAmount) : '—'}</td>
                  {bag.status === 'open' ? (
                    <td>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={takeOut.isPending}
                        onClick={() =>
                          takeOut.mutate(parcel.trackingCode, {
                            onError: (error) => toastApiError(error, /*i18n*/ 'The parcel could not be taken out.'),
                          })
                        }
                      >
                        <Trans>Take out</Trans> <span className="sr-only">{parcel.trackingCode}</span>
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          {parcels.data.parcels.length === 0 ? (
            <p className="p-6 text-center">{show === 'in' ? <Trans>No parcel in the bag yet.</Trans> : <Trans>None.</Trans>}</p>
          ) : null}
        </TableRegion>
      ) : null}
      <KeysetButtons
        label={t`Bag parcels pages`}
        labels={{ back: t`Back`, onward: t`More` }}
        isFirst={pages.isFirst}
        next={parcels.data?.nextCursor}
        back={pages.back}
        onward={pages.onward}
      />
    </section>
  );
}

function Kilograms({ grams }: { grams: number }) {
  const { count } = useParcelFormat();
  const kilograms = count(grams / 1000);
  return <Trans>{kilograms} kg</Trans>;
}
