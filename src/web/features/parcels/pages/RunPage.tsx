import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, memo, Suspense, useCallback, useId, useRef, useState } from 'react';
import { placeName } from '#shared/place-name.ts';
import type { DeliveryOutcome, RunParcel } from '#shared/tracking.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { type RecordedAs, useRiderOutbox } from '../api/use-rider-outbox.ts';
import { useRiderRun } from '../api/use-rider-run.ts';
import { OUTCOME_NAMES } from '../components/status-names.ts';
import { VagueAddressMark } from '../components/VagueAddressMark.tsx';
import { runPagePath, useRiderApp } from '../lib/rider-app.ts';
import type { QueuedOutcome } from '../lib/rider-outbox.ts';

type Outcome = DeliveryOutcome<File>;

/**
 * The outcome forms with their shared rules (zod), loaded when a card is first opened rather than with the
 * run: on a cheap phone their code held the main thread at load (issue 43, decision 186). The rider app's
 * worker keeps them with the page once it is installed, so a card also opens with no signal.
 */
const loadRecordOutcome = () => import('../components/RecordOutcome.tsx');
const RecordOutcome = lazy(() => loadRecordOutcome().then((module) => ({ default: module.RecordOutcome })));

/** What the phone holds for a parcel: an outcome waiting for the network, or refused with the server's reason. */
function KeptOutcome({ kept, onDismiss }: { kept: QueuedOutcome; onDismiss: () => void }) {
  const { i18n } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const name = i18n._(OUTCOME_NAMES[kept.outcome.outcome]);
  if (kept.refusal)
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2" data-testid="outcome-refused">
        <p>
          <Trans>
            Not saved ({name}): {inPageLanguage(kept.refusal)}
          </Trans>
        </p>
        <button type="button" className="btn btn-sm min-h-11" onClick={onDismiss}>
          <Trans>Record again</Trans>
        </button>
      </div>
    );
  if (kept.sentAt)
    return (
      <p className="badge badge-success badge-soft h-auto py-1" data-testid="outcome-sent">
        <Trans>Saved: {name}</Trans>
      </p>
    );
  return (
    <p className="badge badge-warning badge-soft h-auto py-1" data-testid="outcome-queued">
      <Trans>On this phone, waiting for the network: {name}</Trans>
    </p>
  );
}

/** A maps search for the address, which phones open in their maps app. */
const mapLink = (parcel: RunParcel, area: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${parcel.recipient.address}, ${area}`)}`;

/**
 * One parcel of the run as a compact card: opened, it shows the address, the actions and one outcome form.
 * Memoised with callbacks that never change: a run of 40 parcels re-renders only the card that changed
 * (issue 43's Lighthouse bar on a cheap phone).
 */
const RunStop = memo(function RunStop({
  parcel,
  kept,
  open,
  onToggle,
  record,
  dismiss,
}: {
  parcel: RunParcel;
  kept: QueuedOutcome | undefined;
  open: boolean;
  onToggle: (trackingCode: string) => void;
  record: (parcel: RunParcel, outcome: Outcome) => Promise<void>;
  dismiss: (key: string) => void;
}) {
  const { taka, count, language } = useParcelFormat();
  const headingId = useId();
  const area = placeName(parcel.recipient.area, language);
  const done = kept !== undefined && !kept.refusal;
  return (
    // Cards off screen are neither laid out nor painted until scrolled near (`content-visibility`): the first
    // layout of 40 cards held a cheap phone's main thread for a quarter of a second (issue 43, decision 186).
    <li
      className="card card-sm border border-base-300 bg-base-100 [contain-intrinsic-size:auto_7rem] [content-visibility:auto]"
      aria-labelledby={headingId}
      data-testid="run-stop"
    >
      <div className="card-body gap-3">
        <h3 id={headingId} className="m-0">
          <button
            type="button"
            className="flex min-h-11 w-full items-start justify-between gap-3 text-left"
            aria-expanded={open}
            onClick={() => onToggle(parcel.trackingCode)}
          >
            <span className="flex flex-col">
              <span className="text-base font-semibold">{parcel.recipient.name}</span>
              <span className="text-sm text-base-content/80">{area}</span>
              <span className="font-mono text-xs">{parcel.trackingCode}</span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1 text-sm">
              <span className="font-semibold">
                {parcel.codAmount > 0 ? taka(parcel.codAmount) : <Trans>Nothing to collect</Trans>}
              </span>
              <span className="badge badge-info badge-soft badge-sm">
                <Trans>Attempt {count(parcel.attempt)}</Trans>
              </span>
            </span>
          </button>
        </h3>
        <VagueAddressMark quality={parcel.addressQuality} />
        {kept ? (
          <KeptOutcome
            kept={kept}
            onDismiss={() => {
              // Recorded again at once: the card opens on its outcome forms.
              dismiss(kept.key);
              if (!open) onToggle(parcel.trackingCode);
            }}
          />
        ) : null}
        {open ? (
          <div className="flex flex-col gap-3" data-testid="run-stop-details">
            <address className="not-italic">
              {parcel.recipient.address}
              <br />
              {area}
            </address>
            {parcel.note ? <p className="text-sm text-base-content/80">{parcel.note}</p> : null}
            <div className="grid grid-cols-3 gap-2">
              <a href={`tel:${parcel.recipient.phone}`} className="btn btn-outline min-h-12">
                <Trans>Call</Trans>
              </a>
              <a href={`sms:${parcel.recipient.phone}`} className="btn btn-outline min-h-12">
                <Trans>Text</Trans>
              </a>
              <a href={mapLink(parcel, area)} className="btn btn-outline min-h-12" target="_blank" rel="noreferrer">
                <Trans>Map</Trans>
              </a>
            </div>
            <p className="text-sm">{parcel.recipient.phone}</p>
            {done ? null : (
              <Suspense fallback={<Spinner />}>
                <RecordOutcome parcel={parcel} onRecord={(outcome) => record(parcel, outcome)} />
              </Suspense>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
});

/** The run at a glance: stops (a recipient at an address), parcels, what is left, the cash to collect and collected. */
function RunSummary({ run, kept }: { run: RunParcel[]; kept: QueuedOutcome[] }) {
  const { taka, count } = useParcelFormat();
  const recorded = kept.filter((each) => !each.refusal);
  const outcomeFor = new Set(recorded.map((each) => `${each.trackingCode} ${each.attempt}`));
  const stops = new Set(run.map((parcel) => `${parcel.recipient.phone} ${parcel.recipient.address}`)).size;
  const left = run.filter((parcel) => !outcomeFor.has(`${parcel.trackingCode} ${parcel.attempt}`));
  const toCollect = left.reduce((sum, parcel) => sum + parcel.codAmount, 0);
  const collected = recorded.reduce((sum, each) => sum + (each.outcome.outcome === 'failed' ? 0 : each.outcome.codCollected), 0);
  const waiting = kept.filter((each) => !each.refusal && !each.sentAt).length;
  const figures = [
    { label: <Trans>Stops</Trans>, value: count(stops) },
    { label: <Trans>Parcels</Trans>, value: count(run.length) },
    { label: <Trans>Left</Trans>, value: count(left.length) },
    { label: <Trans>To collect</Trans>, value: taka(toCollect) },
    { label: <Trans>Collected</Trans>, value: taka(collected) },
    { label: <Trans>Waiting to send</Trans>, value: count(waiting) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-box bg-base-200 p-3 text-center sm:grid-cols-6" data-testid="run-summary">
      {figures.map((figure, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of six figures
        <div key={index} className="flex flex-col">
          <dt className="text-xs text-base-content/80">{figure.label}</dt>
          <dd className="font-semibold">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const RECORDED_NOTICES: Record<RecordedAs, string | undefined> = {
  sent: /*i18n*/ 'Saved. The recipient is told by text message.',
  kept: /*i18n*/ 'Kept on this phone: it is sent when the network returns.',
  refused: undefined,
};

/**
 * A rider's run (issue 29; issue 43, R-RIDER-OFFLINE): the parcels out for delivery with them as compact
 * cards, one open at a time. Outcomes are kept on the phone first and sent from there, so a rider with
 * no signal records them all the same; the page opens offline from what the service worker kept.
 */
export function RunPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My run`);
  const { language } = useParcelFormat();
  useRiderApp(language, loadRecordOutcome);
  const run = useRiderRun();
  const outbox = useRiderOutbox();
  const [openCode, setOpenCode] = useState<string>();
  const keptFor = (parcel: RunParcel) =>
    outbox.queued.filter((each) => each.trackingCode === parcel.trackingCode && each.attempt === parcel.attempt).at(-1);
  const parcels = run.data ?? [];
  const onRun = new Set(parcels.map((parcel) => parcel.trackingCode));
  // Outcomes for parcels no longer on the run: refused ones (the parcel moved meanwhile) stay in sight.
  const offRun = outbox.queued.filter((each) => !onRun.has(each.trackingCode) && each.refusal);

  // The cards' callbacks stay the same function for the page's life; the outbox's latest is read when called.
  const recordInOutbox = useRef(outbox.record);
  recordInOutbox.current = outbox.record;
  const record = useCallback(async (parcel: RunParcel, outcome: Outcome) => {
    const recorded = await recordInOutbox.current(parcel, outcome).catch((error: Error) => {
      toast.error(error.message);
      return undefined;
    });
    if (!recorded) return;
    const notice = RECORDED_NOTICES[recorded];
    if (notice) (recorded === 'sent' ? toast.success : toast.info)(notice);
    if (recorded !== 'refused') setOpenCode(undefined);
  }, []);
  const toggle = useCallback(
    (trackingCode: string) => setOpenCode((current) => (current === trackingCode ? undefined : trackingCode)),
    [],
  );

  return (
    <section aria-labelledby="run-heading" className="flex flex-col gap-4">
      <link rel="manifest" href={`/rider-${language}.webmanifest`} />
      <h2 id="run-heading" className="text-2xl font-bold">
        <Trans>My run</Trans>
      </h2>
      {outbox.online ? null : (
        <p role="status" className="alert alert-warning alert-soft" data-testid="offline-notice">
          <Trans>No network. Outcomes you record are kept on this phone and sent when the network returns.</Trans>
        </p>
      )}
      {run.isPending ? <Spinner label={t`Loading your run`} /> : null}
      {run.isError ? <LoadError what={t`your run`} onRetry={() => run.refetch()} /> : null}
      {run.data ? <RunSummary run={parcels} kept={outbox.queued} /> : null}
      {offRun.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {offRun.map((kept) => (
            <li key={kept.key} className="flex flex-col gap-1">
              <span className="font-mono text-sm">{kept.trackingCode}</span>
              <KeptOutcome kept={kept} onDismiss={() => outbox.dismiss(kept.key)} />
            </li>
          ))}
        </ul>
      ) : null}
      {run.data?.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          <Trans>No parcels are out for delivery with you.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {parcels.map((parcel) => (
          <RunStop
            key={parcel.trackingCode}
            parcel={parcel}
            kept={keptFor(parcel)}
            open={openCode === parcel.trackingCode}
            onToggle={toggle}
            record={record}
            dismiss={outbox.dismiss}
          />
        ))}
      </ul>
      <p className="text-xs text-base-content/70">
        <Trans>
          Add this page to your home screen to open your run as an app, also with no signal:{' '}
          <span className="font-mono">{runPagePath(language)}</span>
        </Trans>
      </p>
    </section>
  );
}
