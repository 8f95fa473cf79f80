import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { Consignment } from '#shared/consignment.ts';
import {
  OPEN_RETURN_REQUEST_STATUSES,
  RETURN_REQUEST_KINDS,
  type ReturnRequestKind,
  returnRequestInputSchema,
} from '#shared/return-request.ts';
import { FormField, SelectField, TextAreaField } from '#web/components/FormField.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useAskReturnRequest, useReturnRequests } from '../api/use-return-requests.ts';
import { RETURN_KIND_NAMES, RETURN_STATUS_NAMES } from './status-names.ts';

/** A delivered parcel's item can be asked back (R-RETURN-REQUESTS). */
const askable = (parcel: Consignment) => parcel.status === 'delivered' || parcel.status === 'partially_delivered';

/**
 * A delivered parcel's return requests (R-RETURN-REQUESTS) on its page: each with its kind, status and
 * charge, and "Ask for it back" while none is on its way and the item has not come back already.
 */
export function ReturnRequests({ parcel }: { parcel: Consignment }) {
  const { t, i18n } = useLingui();
  const { taka } = useParcelFormat();
  const requests = useReturnRequests(parcel.trackingCode, askable(parcel));
  const ask = useAskReturnRequest(parcel.trackingCode);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!askable(parcel) || !requests.data) return null;
  const blocked = requests.data.some(
    (request) => OPEN_RETURN_REQUEST_STATUSES.includes(request.status) || request.status === 'returned_to_merchant',
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const optional = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const asked = {
      kind: String(form.get('kind')) as ReturnRequestKind,
      reason: String(form.get('reason') ?? ''),
      pickupNote: optional('pickupNote'),
      pickupPhone: optional('pickupPhone'),
    };
    const checked = returnRequestInputSchema.safeParse(asked);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    ask.mutate(asked, {
      onSuccess: () => toast.success(/*i18n*/ 'Return requested: a rider will collect the item.'),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        toastApiError(error, /*i18n*/ 'The return could not be requested. Please try again.');
      },
    });
  };

  return (
    <section aria-labelledby="return-requests-heading" className="flex flex-col gap-3">
      <h2 id="return-requests-heading" className="text-xl font-semibold">
        <Trans>Returns and exchanges</Trans>
      </h2>
      {requests.data.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {requests.data.map((request) => (
            <li key={request.id} className="rounded-box border border-base-300 p-3" data-testid="return-request">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{i18n._(RETURN_KIND_NAMES[request.kind])}</span>
                <span className="badge badge-outline">{i18n._(RETURN_STATUS_NAMES[request.status])}</span>
              </p>
              <p className="break-words text-sm">{request.reason}</p>
              {request.failureReason ? <p className="text-sm text-error">{request.failureReason}</p> : null}
              <p className="text-sm text-base-content/70">
                {request.status === 'returned_to_merchant' ? (
                  <Trans>Charged {taka(request.charge)}</Trans>
                ) : request.status === 'cancelled' || request.status === 'failed' ? (
                  <Trans>Nothing charged</Trans>
                ) : (
                  <Trans>{taka(request.charge)} is charged once the item is back with you</Trans>
                )}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {blocked ? null : (
        <form onSubmit={submit} noValidate aria-label={t`Ask for it back`} className="flex max-w-xl flex-col gap-3">
          <SelectField label={t`What should happen`} name="kind" defaultValue="return" error={errors.kind}>
            {RETURN_REQUEST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {i18n._(RETURN_KIND_NAMES[kind])}
              </option>
            ))}
          </SelectField>
          <TextAreaField label={t`Reason`} name="reason" rows={3} maxLength={500} required error={errors.reason} />
          <FormField label={t`Pickup note`} name="pickupNote" maxLength={300} error={errors.pickupNote} />
          <FormField label={t`Phone at the pickup`} name="pickupPhone" type="tel" inputMode="tel" error={errors.pickupPhone} />
          <p className="text-sm text-base-content/70">
            <Trans>
              A rider collects the item from the recipient and brings it to your store. The return charge is taken from your COD
              balance once the item is back with you; nothing if you cancel before it is collected.
            </Trans>
          </p>
          <button type="submit" className="btn btn-primary self-start" disabled={ask.isPending}>
            <Trans>Ask for it back</Trans>
          </button>
        </form>
      )}
    </section>
  );
}
