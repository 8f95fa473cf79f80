import { Trans } from '@lingui/react/macro';
import type { Consignment } from '#shared/consignment.ts';

/** Where a parcel stands, and whether its fee is owed. */
export function ParcelStatus({ parcel }: { parcel: Consignment }) {
  return (
    <span className="flex flex-wrap gap-1">
      {parcel.status === 'booked' ? (
        <span className="badge badge-info badge-soft">
          <Trans>Booked</Trans>
        </span>
      ) : (
        <span className="badge badge-ghost">
          <Trans>Cancelled</Trans>
        </span>
      )}
      {parcel.feePaid ? null : (
        <span className="badge badge-warning badge-soft">
          <Trans>Fee to pay</Trans>
        </span>
      )}
    </span>
  );
}
