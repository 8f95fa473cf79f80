import { Trans } from '@lingui/react/macro';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDecideChange, useParcelConfirmation } from '../api/use-confirmation.ts';

/**
 * On the sender's parcel page (R-CONFIRM-BEFORE-PICKUP): whether its recipient confirmed it, and a change of
 * address or phone they asked for, to accept or decline. Nothing when the recipient was not asked.
 */
export function RecipientConfirmation({ trackingCode }: { trackingCode: string }) {
  const confirmation = useParcelConfirmation(trackingCode);
  const decide = useDecideChange(trackingCode);
  const found = confirmation.data;
  if (!found) return null;
  const answer = (accept: boolean) =>
    decide.mutate(accept, {
      onSuccess: () =>
        toast.success(accept ? /*i18n*/ 'The parcel has the new address or phone.' : /*i18n*/ 'The change was declined.'),
      onError: (error) => toastApiError(error, /*i18n*/ 'The change could not be decided. Please try again.'),
    });
  return (
    <section aria-labelledby="confirmation-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="confirmation-heading" className="text-xl font-semibold">
          <Trans>The recipient’s confirmation</Trans>
        </h2>
        <p data-testid="confirmation-state">
          {found.state === 'confirmed' ? (
            <Trans>Confirmed by the recipient.</Trans>
          ) : found.state === 'not_ordered' ? (
            <Trans>The recipient says they did not order this parcel: it is held and is not picked up.</Trans>
          ) : found.state === 'change_asked' ? (
            <Trans>The recipient asks for a change:</Trans>
          ) : (
            <Trans>Not confirmed yet: the recipient was sent a link.</Trans>
          )}
        </p>
        {found.state === 'change_asked' ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {found.address ? (
                <>
                  <dt className="font-medium">
                    <Trans>New address</Trans>
                  </dt>
                  <dd>{found.address}</dd>
                </>
              ) : null}
              {found.phone ? (
                <>
                  <dt className="font-medium">
                    <Trans>New phone number</Trans>
                  </dt>
                  <dd>{found.phone}</dd>
                </>
              ) : null}
            </dl>
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn btn-primary" disabled={decide.isPending} onClick={() => answer(true)}>
                <Trans>Accept the change</Trans>
              </button>
              <button type="button" className="btn btn-outline" disabled={decide.isPending} onClick={() => answer(false)}>
                <Trans>Decline</Trans>
              </button>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
