import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useHref, useParams } from 'react-router';
import type { ConfirmationView } from '#shared/recipient-confirmation.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useConfirmation } from '../api/use-confirmation.ts';
import { DeliveryDays } from '../components/QuoteOptions.tsx';

/**
 * /c/{token} (issue 44, R-CONFIRM-BEFORE-PICKUP): the recipient of a cash-on-delivery parcel, from the link in
 * their text, confirms it, asks for a change of address or phone, or says they did not order it. Plain forms
 * the server answers (POST, then the page again), so it works the same with JavaScript off on a cheap phone.
 */
export function ConfirmParcelPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const confirmation = useConfirmation(token);
  const missing = confirmation.error instanceof ApiError && confirmation.error.status === 404;
  useDocumentTitle(missing ? t`Link not found` : t`Confirm your parcel`);
  if (confirmation.isPending) return <Spinner label={t`Loading your parcel`} />;
  if (confirmation.isError)
    return (
      <Frame heading={missing ? t`Link not found` : t`Confirm your parcel`}>
        {missing ? (
          <p className="mt-3">
            <Trans>This link is not one of ours, or its parcel was cancelled.</Trans>
          </p>
        ) : (
          <LoadError what={t`your parcel`} onRetry={() => confirmation.refetch()} />
        )}
      </Frame>
    );
  return <ConfirmationForms token={token} confirmation={confirmation.data} />;
}

function Frame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:py-12" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading" className="text-2xl font-bold text-primary sm:text-3xl">
        {heading}
      </h1>
      {children}
    </section>
  );
}

function ConfirmationForms({ token, confirmation }: { token: string; confirmation: ConfirmationView }) {
  const { t } = useLingui();
  const { taka } = useParcelFormat();
  const inPageLanguage = useInPageLanguage();
  const action = useHref(`/c/${token}`);
  const answer = useFormAnswer('confirm');
  const { shop, trackingCode } = confirmation;
  const cash = taka(confirmation.codAmount);
  return (
    <Frame heading={t`Confirm your parcel`}>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4">
        <dt className="font-medium">
          <Trans>From</Trans>
        </dt>
        <dd>{shop}</dd>
        <dt className="font-medium">
          <Trans>Parcel</Trans>
        </dt>
        <dd>{trackingCode}</dd>
        <dt className="font-medium">
          <Trans>To pay on delivery</Trans>
        </dt>
        <dd className="font-semibold">{cash}</dd>
        <dt className="font-medium">
          <Trans>Expected</Trans>
        </dt>
        <dd>
          <DeliveryDays estimate={confirmation.estimatedDelivery} />
        </dd>
      </dl>
      <p role="status" className="mt-4 font-medium" data-testid="confirmation-answer">
        <StateSentence confirmation={confirmation} />
      </p>
      {answer?.providerError ? (
        <p role="alert" className="mt-2 text-error">
          {inPageLanguage(answer.providerError)}
        </p>
      ) : null}
      {confirmation.open ? (
        <div className="mt-6 flex flex-col gap-6">
          <form method="post" action={action}>
            <input type="hidden" name="answer" value="confirm" />
            <button type="submit" className="btn btn-primary w-full sm:w-auto">
              <Trans>Confirm</Trans>
            </button>
          </form>
          <form method="post" action={action} noValidate className="card border border-base-300 bg-base-100">
            <div className="card-body gap-4">
              <h2 className="text-lg font-semibold">
                <Trans>Change the address or phone</Trans>
              </h2>
              <p className="text-sm text-base-content/80">
                <Trans>The sender sees your change and accepts it before the parcel is picked up.</Trans>
              </p>
              <input type="hidden" name="answer" value="change" />
              <FormField
                label={t`New address`}
                name="address"
                autoComplete="street-address"
                defaultValue={answer?.values.address}
                error={answer?.fieldErrors.address}
              />
              <FormField
                label={t`New phone number`}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                defaultValue={answer?.values.phone}
                error={answer?.fieldErrors.phone}
              />
              <button type="submit" className="btn btn-outline">
                <Trans>Send the change</Trans>
              </button>
            </div>
          </form>
          <form method="post" action={action}>
            <input type="hidden" name="answer" value="not_ordered" />
            <button type="submit" className="btn btn-outline btn-error w-full sm:w-auto">
              <Trans>I did not order this</Trans>
            </button>
          </form>
        </div>
      ) : null}
    </Frame>
  );
}

function StateSentence({ confirmation }: { confirmation: ConfirmationView }) {
  if (!confirmation.open) return <Trans>This parcel is on its way: nothing about it can be changed here any more.</Trans>;
  switch (confirmation.state) {
    case 'confirmed':
      return <Trans>You confirmed this parcel. Thank you.</Trans>;
    case 'change_asked':
      return <Trans>Your change was sent to the sender, who accepts it before pickup.</Trans>;
    case 'not_ordered':
      return <Trans>You said you did not order this parcel: it is held and the sender is told.</Trans>;
    default:
      return <Trans>Is this parcel yours? Confirm it, or tell us what is wrong.</Trans>;
  }
}
