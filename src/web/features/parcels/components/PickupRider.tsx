import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { StaffPickup } from '#shared/pickup.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useSendRiderToPickup } from '../api/use-pickups.ts';

/**
 * The rider sent to collect a pickup (R-PICKUPS-AHEAD), chosen from the riders an operator may send; "No rider
 * yet" takes the one sent back.
 */
export function PickupRider({
  pickup,
  riders,
}: {
  pickup: Pick<StaffPickup, 'id' | 'rider'>;
  riders: { name: string; email: string }[];
}) {
  const { t } = useLingui();
  const send = useSendRiderToPickup();
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rider = String(new FormData(event.currentTarget).get('rider') ?? '') || null;
    send.mutate(
      { id: pickup.id, rider },
      {
        onSuccess: () => toast.success(rider ? /*i18n*/ 'Rider sent.' : /*i18n*/ 'No rider is sent now.'),
        onError: (error) => toastApiError(error, /*i18n*/ 'The rider could not be sent. Please try again.'),
      },
    );
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={choose}>
      <label className="flex flex-col gap-1 text-sm">
        <Trans>Rider</Trans>
        <select name="rider" className="select select-sm" defaultValue={pickup.rider?.email ?? ''}>
          <option value="">{t`No rider yet`}</option>
          {riders.map((rider) => (
            <option key={rider.email} value={rider.email}>
              {rider.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-sm btn-outline" disabled={send.isPending}>
        <Trans>Send</Trans>
      </button>
    </form>
  );
}
