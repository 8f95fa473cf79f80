import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { placeName } from '#shared/area.ts';
import { FAILURE_REASONS } from '#shared/consignment-status.ts';
import { cashInTaka, poisha } from '#shared/parcel-forms.ts';
import { POISHA_PER_TAKA } from '#shared/parcel-services.ts';
import { type DeliveryOutcome, deliveryOutcomeSchema, HANDOVER_PHOTO_FIELD, type RunParcel } from '#shared/tracking.ts';
import { FormField, SelectField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { pictureFile } from '#web/lib/picture-file.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useRecordDelivery, useRiderRun } from '../api/use-scans.ts';
import { FAILURE_REASON_NAMES } from '../components/status-names.ts';
import { VagueAddressMark } from '../components/VagueAddressMark.tsx';

type Fields = Record<string, FormDataEntryValue>;
type Outcome = DeliveryOutcome<File>;

/** The server's rules, with the photo of the handover as a file chosen here. */
const outcomeSchema = deliveryOutcomeSchema(pictureFile);

/** A file input left empty still sends an empty file: that is no photo. */
const withoutEmptyFile = ({ [HANDOVER_PHOTO_FIELD]: photo, ...fields }: Fields): Fields =>
  photo instanceof File && photo.size > 0 ? { ...fields, [HANDOVER_PHOTO_FIELD]: photo } : fields;

/** The form's fields as the API's outcome, or the first message of each field the shared rules refuse. */
function outcomeOf(outcome: Outcome['outcome'], fields: Fields): { outcome?: Outcome; errors: Record<string, string> } {
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
      <details className="sm:col-span-2 sm:row-start-2">
        <summary className="cursor-pointer text-sm font-medium">
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

/** One parcel of the run: where, whom to call, what to collect, and the rider's outcome. */
function RunStop({ parcel }: { parcel: RunParcel }) {
  const { t, i18n } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const { taka, language, numberFieldType } = useParcelFormat();
  const record = useRecordDelivery();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const headingId = useId();

  const send = (outcome: Outcome['outcome']) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = outcomeOf(outcome, Object.fromEntries(new FormData(event.currentTarget)));
    setErrors(found.errors);
    setRefusal(undefined);
    if (!found.outcome) return;
    record.mutate(
      { trackingCode: parcel.trackingCode, outcome: found.outcome },
      {
        onSuccess: () => toast.success(/*i18n*/ 'Saved. The recipient is told by text message.'),
        onError: (error) => setRefusal(errorMessage(error, /*i18n*/ 'The outcome could not be saved. Please try again.')),
      },
    );
  };

  const cash = String(parcel.codAmount / POISHA_PER_TAKA);
  return (
    <li className="card border border-base-300 bg-base-100" aria-labelledby={headingId} data-testid="run-stop">
      <div className="card-body gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={headingId} className="card-title">
              {parcel.recipient.name}
            </h3>
            <p className="font-mono text-sm">{parcel.trackingCode}</p>
          </div>
          <span className="badge badge-info badge-soft">
            <Trans>Attempt {parcel.attempt}</Trans>
          </span>
        </div>
        <address className="not-italic">
          {parcel.recipient.address}
          <br />
          {placeName(parcel.recipient.area, language)}
        </address>
        <VagueAddressMark quality={parcel.addressQuality} />
        <div className="flex flex-wrap items-center gap-3">
          <a href={`tel:${parcel.recipient.phone}`} className="btn btn-outline btn-sm">
            <Trans>Call {parcel.recipient.phone}</Trans>
          </a>
          <span className="font-semibold">
            {parcel.codAmount > 0 ? <Trans>Collect {taka(parcel.codAmount)}</Trans> : <Trans>Nothing to collect</Trans>}
          </span>
        </div>
        {parcel.note ? <p className="text-sm text-base-content/80">{parcel.note}</p> : null}
        {refusal ? (
          <p role="alert" className="alert alert-error alert-soft">
            {inPageLanguage(refusal)}
          </p>
        ) : null}
        <form onSubmit={send('delivered')} noValidate className="grid gap-3 sm:grid-cols-2 sm:items-start">
          <DeliveryProof errors={errors} />
          <FormField
            label={t`Cash collected (৳)`}
            name="cash"
            type={numberFieldType}
            inputMode="decimal"
            min="0"
            defaultValue={cash}
            error={errors.cash}
          />
          <button type="submit" className="btn btn-success justify-self-start" disabled={record.isPending}>
            <Trans>Delivered</Trans>
          </button>
        </form>
        <form onSubmit={send('failed')} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
          <SelectField label={t`Could not deliver because`} name="reason" defaultValue="" error={errors.reason}>
            <option value="">{t`Choose a reason`}</option>
            {FAILURE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {i18n._(FAILURE_REASON_NAMES[reason])}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn btn-warning sm:mt-6" disabled={record.isPending}>
            <Trans>Not delivered</Trans>
          </button>
        </form>
        <details>
          <summary className="cursor-pointer text-sm font-medium">
            <Trans>Partly delivered</Trans>
          </summary>
          <form onSubmit={send('partial')} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
            <DeliveryProof errors={errors} />
            <FormField
              label={t`Cash collected (৳)`}
              name="cash"
              type={numberFieldType}
              inputMode="decimal"
              min="0"
              error={errors.cash}
            />
            <div className="sm:col-span-2">
              <FormField label={t`What was handed over`} name="handedOver" error={errors.handedOver} required />
            </div>
            <button type="submit" className="btn btn-outline self-start" disabled={record.isPending}>
              <Trans>Record the partial delivery</Trans>
            </button>
          </form>
        </details>
      </div>
    </li>
  );
}

/**
 * A rider's run (issue 29): the parcels out for delivery with them, each with the address, the phone to
 * call and the cash to collect. A delivery takes the code the recipient was sent; a failed attempt its reason.
 */
export function RunPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My run`);
  const run = useRiderRun();
  return (
    <section aria-labelledby="run-heading" className="flex flex-col gap-4">
      <h2 id="run-heading" className="text-2xl font-bold">
        <Trans>My run</Trans>
      </h2>
      {run.isPending ? <Spinner label={t`Loading your run`} /> : null}
      {run.isError ? <LoadError what={t`your run`} onRetry={() => run.refetch()} /> : null}
      {run.data?.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          <Trans>No parcels are out for delivery with you.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col gap-4">
        {run.data?.map((parcel) => (
          <RunStop key={parcel.trackingCode} parcel={parcel} />
        ))}
      </ul>
    </section>
  );
}
