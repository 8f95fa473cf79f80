import { Trans } from '@lingui/react/macro';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useConfirmEveryCod, useMerchant } from '../api/use-merchant.ts';

/**
 * The merchant's setting (R-CONFIRM-BEFORE-PICKUP): every cash-on-delivery parcel's recipient is texted a link
 * to confirm it before pickup, or only the parcels booked with the booking form's box ticked (or the API's field).
 */
export function ConfirmEveryCod() {
  const merchant = useMerchant();
  const save = useConfirmEveryCod();
  if (!merchant.data) return null;
  return (
    <section aria-labelledby="confirm-every-cod-heading" className="flex flex-col gap-2">
      <h2 id="confirm-every-cod-heading" className="text-xl font-semibold">
        <Trans>Confirm before pickup</Trans>
      </h2>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={merchant.data.confirmEveryCod}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(event.currentTarget.checked, {
              onSuccess: () => toast.success(/*i18n*/ 'Saved.'),
              onError: (error) => toastApiError(error, /*i18n*/ 'The setting could not be saved. Please try again.'),
            })
          }
        />
        <span>
          <Trans>
            Ask every cash-on-delivery parcel’s recipient to confirm it before pickup: a text with a link to confirm it, correct
            the address or phone, or say they did not order it.
          </Trans>
        </span>
      </label>
    </section>
  );
}
