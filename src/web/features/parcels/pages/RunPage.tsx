import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, memo, useCallback, useId, useRef, useState } from 'react';
import { placeName } from '#shared/area.ts';
import { FAILURE_REASONS } from '#shared/consignment-status.ts';
import { withBengaliDigits } from '#shared/digits.ts';
import { cashInTaka, poisha } from '#shared/parcel-forms.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { type DeliveryOutcome, deliveryOutcomeSchema, HANDOVER_PHOTO_FIELD, type RunParcel } from '#shared/tracking.ts';
import { FormField, SelectField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { pictureFile } from '#web/lib/picture-file.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { type RecordedAs, useRiderOutbox } from '../api/use-rider-outbox.ts';
import { useRiderRun } from '../api/use-scans.ts';
import { FAILURE_REASON_NAMES } from '../components/status-names.ts';
import { VagueAddressMark } from '../components/VagueAddressMark.tsx';
import { runPagePath, useRiderApp } from '../lib/rider-app.ts';
import type { QueuedOutcome } from '../lib/rider-outbox.ts';

type Fields = Record<string, FormDataEntryValue>;
type Outcome = DeliveryOutcome<File>;
type OutcomeKind = Outcome['outcome'];

/** The server's rules, with the photo of the handover as a file chosen here. */
const outcomeSchema = deliveryOutcomeSchema(pictureFile);

/** A file input left empty still sends an empty file: that is no photo. */
const withoutEmptyFile = ({ [HANDOVER_PHOTO_FIELD]: photo, ...fields }: Fields): Fields =>
  photo instanceof File && photo.size > 0 ? { ...fields, [HANDOVER_PHOTO_FIELD]: photo } : fields;

/** The form's fields as the API's outcome, or the first message of each field the shared rules refuse. */
function outcomeOf(outcome: OutcomeKind, fields: Fields): { outcome?: Outcome; errors: Record<string, string> } {
  const cash = outcome === 'failed' ? undefined : cashInTaka.safeParse(fields.cash);
  const parsed = outcomeSchema.safeParse({
    ...withoutEmptyFile(fields),
    outcome,
    codCollected: cash?.success ? poisha(cash.data) : undefined,
  });
  const errors: Record<string, string> = {};
  if (cash && !cash.success) errors.cash = cash.error.issues[0]?.message ?? '';
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0]);
    if (field !== 'codCollected') errors[field] ??= issue.message;
  }
  return parsed.success && Object.keys(errors).length === 0 ? { outcome: parsed.data, errors } : { errors };
}

const OUTCOME_NAMES: Record<OutcomeKind, string> = {
  delivered: /*i18n*/ 'Delivered',
  partial: /*i18n*/ 'Partly delivered',
  failed: /*i18n*/ 'Not delivered',
};

/**
 * How a delivery is proved (R-PROOF-OF-DELIVERY): the recipient's code, or, when they have none, a
 * photo of the handover (the phone's camera opens) and the name of who took the parcel.
 */
function DeliveryProof({ errors }: { errors: Record<string, string> }) {
  const { t } = useLingui();
  return (
    <>
      <FormField label={t`Recipient’s code`} name="code" inputMode="numeric" autoComplete="one-time-code" error={errors.code} />
      <details className="sm:col-span-2">
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">
          <Trans>No code? Take a photo of the handover</Trans>
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <FormField
            label={t`Photo of the handover`}
            name={HANDOVER_PHOTO_FIELD}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            className="file-input"
            error={errors[HANDOVER_PHOTO_FIELD]}
          />
          <FormField label={t`Who took the parcel`} name="receivedBy" autoComplete="off" error={errors.receivedBy} />
        </div>
      </details>
    </>
  );
}

/** The one outcome form the rider chose: delivered, partly, or not. */
function OutcomeForm({
  parcel,
  kind,
  onRecord,
}: {
  parcel: RunParcel;
  kind: OutcomeKind;
  onRecord: (outcome: Outcome) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const { language, numberFieldType } = useParcelFormat();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = outcomeOf(kind, Object.fromEntries(new FormData(event.currentTarget)));
    setErrors(found.errors);
    if (!found.outcome) return;
    setBusy(true);
    await onRecord(found.outcome).finally(() => setBusy(false));
  };
  // Prefilled as the rider reads numbers: Bengali digits on a Bangla page (R-LOCALE-INPUT reads either).
  const wholeCash = String(parcel.codAmount / POISHA_PER_TAKA);
  const cash = language === 'bn' ? withBengaliDigits(wholeCash) : wholeCash;
  if (kind === 'failed')
    return (
      <form onSubmit={submit} noValidate className="grid gap-3" data-testid="outcome-form">
        <SelectField label={t`Could not deliver because`} name="reason" defaultValue="" error={errors.reason}>
          <option value="">{t`Choose a reason`}</option>
          {FAILURE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {i18n._(FAILURE_REASON_NAMES[reason])}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn btn-warning min-h-12 sm:justify-self-start" disabled={busy}>
          <Trans>Record: not delivered</Trans>
        </button>
      </form>
    );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 sm:items-start" data-testid="outcome-form">
      <DeliveryProof errors={errors} />
      <FormField
        label={t`Cash collected (৳)`}
        name="cash"
        type={numberFieldType}
        inputMode="decimal"
        min="0"
        defaultValue={kind === 'delivered' ? cash : undefined}
        error={errors.cash}
      />
      {kind === 'partial' ? (
        <div className="sm:col-span-2">
          <FormField label={t`What was handed over`} name="handedOver" error={errors.handedOver} required />
        </div>
      ) : null}
      <button type="submit" className="btn btn-success min-h-12 sm:col-span-2 sm:justify-self-start" disabled={busy}>
        {kind === 'delivered' ? <Trans>Record: delivered</Trans> : <Trans>Record the partial delivery</Trans>}
      </button>
    </form>
  );
}

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
  const { i18n } = useLingui();
  const { taka, count, language } = useParcelFormat();
  const [kind, setKind] = useState<OutcomeKind>('delivered');
  const headingId = useId();
  const area = placeName(parcel.recipient.area, language);
  const done = kept !== undefined && !kept.refusal;
  return (
    <li className="card card-sm border border-base-300 bg-base-100" aria-labelledby={headingId} data-testid="run-stop">
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
              <>
                <fieldset className="join w-full" aria-label={i18n._(/*i18n*/ 'Outcome')}>
                  {(Object.keys(OUTCOME_NAMES) as OutcomeKind[]).map((each) => (
                    <label
                      key={each}
                      className={`join-item btn min-h-12 flex-1 ${kind === each ? 'btn-primary' : 'btn-outline'}`}
                    >
                      <input
                        type="radio"
                        name={`outcome-${parcel.trackingCode}`}
                        value={each}
                        checked={kind === each}
                        onChange={() => setKind(each)}
                        className="sr-only"
                      />
                      {i18n._(OUTCOME_NAMES[each])}
                    </label>
                  ))}
                </fieldset>
                <OutcomeForm key={kind} parcel={parcel} kind={kind} onRecord={(outcome) => record(parcel, outcome)} />
              </>
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
  useRiderApp(language);
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
