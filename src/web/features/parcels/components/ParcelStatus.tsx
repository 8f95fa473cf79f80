import { Trans, useLingui } from '@lingui/react/macro';
import { type Consignment, feeOwed } from '#shared/consignment.ts';
import { PARCEL_STATUS_NAMES, statusTone } from './status-names.ts';

/** Where a parcel stands, and whether its fee is owed (a cancelled parcel's never is). */
export function ParcelStatus({ parcel }: { parcel: Pick<Consignment, 'status' | 'feePaid'> }) {
  const { i18n } = useLingui();
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`badge badge-soft ${statusTone(parcel.status)}`}>{i18n._(PARCEL_STATUS_NAMES[parcel.status])}</span>
      {feeOwed(parcel) ? (
        <span className="badge badge-warning badge-soft">
          <Trans>Fee to pay</Trans>
        </span>
      ) : null}
    </span>
  );
}
