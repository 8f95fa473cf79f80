import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { HUB_STATUSES, SCAN_STATUSES } from '#shared/consignment-status.ts';
import { HUBS, hubName } from '#shared/hubs.ts';
import { scanRequestSchema } from '#shared/tracking.ts';
import { SelectField, TextAreaField } from '#web/components/FormField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useRiders, useScans } from '../api/use-scans.ts';
import { CameraScanner } from '../components/CameraScanner.tsx';
import { FailureReasonField } from '../components/FailureReasonField.tsx';
import { ScanResults } from '../components/ScanResults.tsx';
import { PARCEL_STATUS_NAMES } from '../components/status-names.ts';

/** Codes as a scanner types them (one per line, Enter after each) or as people paste them: any blank or comma between. */
const codesIn = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/**
 * The hubs' scan screen (issue 29, operators and admins): many codes, typed, from a scanner that types
 * them or read by the camera, moved to one status at one hub at once; each code says whether it moved,
 * or why not.
 */
export function ScanPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Scan parcels`);
  const inPageLanguage = useInPageLanguage();
  const { language } = useParcelFormat();
  const scans = useScans();
  const [status, setStatus] = useState<string>('at_hub');
  const [codes, setCodes] = useState('');
  const riders = useRiders(status === 'out_for_delivery');
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** A code the camera read joins the list once, on a line of its own. */
  const addCode = (code: string) =>
    setCodes((typed) => (codesIn(typed).includes(code) ? typed : `${typed.trim() ? `${typed.trimEnd()}\n` : ''}${code}\n`));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = scanRequestSchema.safeParse({
      codes: codesIn(codes),
      status: form.get('status'),
      hub: form.get('hub') || undefined,
      reason: form.get('reason') || undefined,
      rider: form.get('rider') || undefined,
      note: form.get('note') || undefined,
    });
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    // The codes go once they are applied, ready for the next load; the status and hub stay.
    if (parsed.success) scans.mutate(parsed.data, { onSuccess: () => setCodes('') });
  };

  const needsHub = (HUB_STATUSES as readonly string[]).includes(status);
  return (
    <section aria-labelledby="scan-heading" className="flex flex-col gap-4">
      <h2 id="scan-heading" className="text-2xl font-bold">
        <Trans>Scan parcels</Trans>
      </h2>
      <p className="text-base-content/80">
        <Trans>Scan or type the tracking codes, one per line, then choose where the parcels are now.</Trans>
      </p>
      <form onSubmit={submit} noValidate className="card border border-base-300 bg-base-100">
        <div className="card-body grid gap-4 md:grid-cols-2">
          <div>
            <TextAreaField
              label={t`Tracking codes`}
              name="codes"
              value={codes}
              onChange={(event) => setCodes(event.target.value)}
              rows={8}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono"
              error={errors.codes}
              required
            />
            <CameraScanner onCode={addCode} />
          </div>
          <div className="flex flex-col gap-4">
            <SelectField
              label={t`New status`}
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              error={errors.status}
            >
              {SCAN_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {i18n._(PARCEL_STATUS_NAMES[option])}
                </option>
              ))}
            </SelectField>
            {status === 'out_for_delivery' ? (
              // Issue 39 item 5: out for delivery is always on one rider's run, so the rider comes with the status.
              <div className="flex flex-col gap-2 rounded-box border border-info/40 bg-info/5 p-3">
                <SelectField
                  id="scan-rider"
                  label={t`Rider`}
                  name="rider"
                  defaultValue=""
                  error={errors.rider}
                  required
                  aria-describedby={errors.rider ? 'scan-rider-why scan-rider-error' : 'scan-rider-why'}
                >
                  <option value="">{riders.isPending ? t`Loading the riders` : t`Choose a rider`}</option>
                  {riders.data?.map((rider) => (
                    <option key={rider.email} value={rider.email}>
                      {rider.name} ({rider.email})
                    </option>
                  ))}
                </SelectField>
                <div id="scan-rider-why" className="flex flex-col gap-1 text-sm">
                  <p>
                    <Trans>
                      Parcels go out on one rider’s run: only that rider sees them and records the delivery, so a scan without a
                      rider is refused.
                    </Trans>
                  </p>
                  <p>
                    <Trans>
                      A parcel already out for delivery goes over to the rider you choose, on the same attempt and code; the
                      recipient is not told again.
                    </Trans>
                  </p>
                  {riders.data?.length === 0 ? (
                    <p className="font-medium">
                      <Trans>No one has the rider role yet: an admin gives it on Make Admin.</Trans>
                    </p>
                  ) : null}
                </div>
              </div>
            ) : null}
            <SelectField
              label={needsHub ? t`Hub` : t`Hub (if any)`}
              name="hub"
              defaultValue=""
              error={errors.hub}
              required={needsHub}
            >
              <option value="">{t`Choose a hub`}</option>
              {HUBS.map((hub) => (
                <option key={hub.id} value={hub.id}>
                  {hubName(hub, language)}
                </option>
              ))}
            </SelectField>
            {status === 'delivery_failed' ? (
              <FailureReasonField label={t`Why the delivery failed`} error={errors.reason} required />
            ) : null}
          </div>
          <div className="md:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={scans.isPending}>
              {scans.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              <Trans>Apply to every code</Trans>
            </button>
          </div>
        </div>
      </form>
      {scans.isError ? (
        <p role="alert" className="alert alert-error alert-soft">
          {inPageLanguage(errorMessage(scans.error, t`The scans could not be sent. Please try again.`))}
        </p>
      ) : null}
      <ScanResults results={scans.data?.results ?? []} />
    </section>
  );
}
