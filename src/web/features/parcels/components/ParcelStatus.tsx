import { Trans, useLingui } from '@lingui/react/macro';
import { type Consignment, feeOwed } from '#shared/consignment.ts';
import { PARCEL_STATUS_NAMES, statusTone } from './status-names.ts';

/**
 * Where a parcel stands, whether its fee is owed (a cancelled parcel's never is), whether it is a
 * sandbox parcel booked with a test key (R-SANDBOX), and, in its sender's list, whether its recipient has not
 * confirmed it before pickup (R-CONFIRM-BEFORE-PICKUP).
 */
export function ParcelStatus({
  parcel,
}: {
  parcel: Pick<Consignment, 'status' | 'feePaid' | 'recipientConfirmation'> & { test?: boolean };
}) {
  const { i18n } = useLingui();
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`badge badge-soft ${statusTone(parcel.status)}`}>{i18n._(PARCEL_STATUS_NAMES[parcel.status])}</span>
      {parcel.test ? (
        <span className="badge badge-info badge-soft" data-testid="test-parcel">
          <Trans>Test parcel</Trans>
        </span>
      ) : null}
      {parcel.recipientConfirmation && parcel.recipientConfirmation !== 'confirmed' ? (
        <span className="badge badge-warning badge-soft" data-testid="unconfirmed-parcel">
          {parcel.recipientConfirmation === 'not_ordered' ? (
            <Trans>Not ordered: held</Trans>
          ) : parcel.recipientConfirmation === 'change_asked' ? (
            <Trans>Change to accept</Trans>
          ) : (
            <Trans>Not confirmed</Trans>
          )}
        </span>
      ) : null}
      {feeOwed(parcel) ? (
        <span className="badge badge-warning badge-soft">
          <Trans>Fee to pay</Trans>
        </span>
      ) : null}
    </span>
  );
}
