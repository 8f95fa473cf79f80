import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { withBengaliDigits } from '#shared/digits.ts';
import { HANDOVER_PHOTO_FIELD } from '#shared/handover-photo.ts';
import { cashInTaka, poisha } from '#shared/parcel-forms.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { type DeliveryOutcome, deliveryOutcomeSchema, type RunParcel } from '#shared/tracking.ts';
import { FormField } from '#web/components/FormField.tsx';
import { pictureFile } from '#web/lib/picture-file.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { FailureReasonField } from './FailureReasonField.tsx';
import { OUTCOME_NAMES } from './status-names.ts';

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
  const { t } = useLingui();
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
        <FailureReasonField label={t`Could not deliver because`} error={errors.reason} />
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

/**
 * What a rider records for an opened card of their run (R-PROOF-OF-DELIVERY): delivered, partly or not,
 * and that outcome's form. Loaded when a card is first opened (and kept by the rider app's worker for
 * offline use), so the run's first view loads none of its code or zod's schemas (issue 43, decision 186).
 */
export function RecordOutcome({ parcel, onRecord }: { parcel: RunParcel; onRecord: (outcome: Outcome) => Promise<void> }) {
  const { i18n } = useLingui();
  const [kind, setKind] = useState<OutcomeKind>('delivered');
  return (
    <>
      <fieldset className="join w-full" aria-label={i18n._(/*i18n*/ 'Outcome')}>
        {(Object.keys(OUTCOME_NAMES) as OutcomeKind[]).map((each) => (
          <label key={each} className={`join-item btn min-h-12 flex-1 ${kind === each ? 'btn-primary' : 'btn-outline'}`}>
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
      <OutcomeForm key={kind} parcel={parcel} kind={kind} onRecord={onRecord} />
    </>
  );
}
