import { Trans, useLingui } from '@lingui/react/macro';
import type { Consignment } from '#shared/consignment.ts';
import { PARCEL_STATUS_NAMES, statusTone } from './status-names.ts';

/** Where a parcel stands, and whether its fee is owed. */
export function ParcelStatus({ parcel }: { parcel: Pick<Consignment, 'status' | 'feePaid'> }) {
  const { i18n } = useLingui();
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`badge badge-soft ${statusTone(parcel.status)}`}>{i18n._(PARCEL_STATUS_NAMES[parcel.status])}</span>
      {parcel.feePaid ? null : (
        <span className="badge badge-warning badge-soft">
          <Trans>Fee to pay</Trans>
        </span>
      )}
    </span>
  );
}
