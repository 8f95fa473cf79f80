import { useLingui } from '@lingui/react/macro';
import { FAILURE_REASONS } from '#shared/consignment-status.ts';
import { SelectField } from '#web/components/FormField.tsx';
import { FAILURE_REASON_NAMES } from './status-names.ts';

/** Why a delivery failed, chosen from the reasons the server takes (R-DELIVERY): the rider's card and the hub's scan. */
export function FailureReasonField({ label, error, required }: { label: string; error?: string; required?: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <SelectField label={label} name="reason" defaultValue="" error={error} required={required}>
      <option value="">{t`Choose a reason`}</option>
      {FAILURE_REASONS.map((reason) => (
        <option key={reason} value={reason}>
          {i18n._(FAILURE_REASON_NAMES[reason])}
        </option>
      ))}
    </SelectField>
  );
}
