import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { type Consignment, feeOwed, trackingPath } from '#shared/consignment.ts';
import { placeName } from '#shared/place-name.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useShownDay } from '#web/lib/shop-time-zone.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { downloadLabel, useCancelParcel, useParcel, useParcelSteps } from '../api/use-parcels.ts';
import { ParcelStatus } from '../components/ParcelStatus.tsx';
import { deliveredStep, ParcelSteps } from '../components/ParcelSteps.tsx';
import { ProofOfDelivery } from '../components/ProofOfDelivery.tsx';
import { DeliveryDays } from '../components/QuoteOptions.tsx';
import { RecipientConfirmation } from '../components/RecipientConfirmation.tsx';
import { ReturnRequests } from '../components/ReturnRequests.tsx';
import { SERVICE_NAMES } from '../components/service-names.ts';
import { VagueAddressMark } from '../components/VagueAddressMark.tsx';

function Party({ title, party, mark }: { title: string; party: Consignment['pickup']; mark?: ReactNode }) {
  const { language } = useParcelFormat();
  return (
    <div>
      <h3 className="text-sm font-semibold text-base-content/70 uppercase">{title}</h3>
      <p className="font-medium">{party.name}</p>
      <p>{party.phone}</p>
      <p>{party.address}</p>
      <p>{placeName(party.area, language)}</p>
      {mark}
    </div>
  );
}

/**
 * One parcel (issue 28): what was booked and what it costs, its label, and, while a card-paid fee is
 * owed, `payment` (the card form, composed in by the app: src/web/app/routes/ParcelRoute.tsx). A
 * cancelled parcel has neither label nor payment (issue 39).
 */
export function ParcelPage({ payment }: { payment: (parcel: Consignment) => ReactNode }) {
  const { t, i18n } = useLingui();
  const { trackingCode = '' } = useParams();
  useDocumentTitle(t`Parcel ${trackingCode}`);
  const inPageLanguage = useInPageLanguage();
  const { taka, count, language } = useParcelFormat();
  const booked = (useLocation().state as { booked?: boolean } | null)?.booked === true;
  const parcel = useParcel(trackingCode);
  const steps = useParcelSteps(trackingCode);
  const shownDay = useShownDay();
  const cancel = useCancelParcel(trackingCode);
  const [printing, setPrinting] = useState(false);

  if (parcel.isPending) return <Spinner label={t`Loading your parcel`} />;
  if (parcel.isError) {
    if (parcel.error instanceof ApiError && parcel.error.status === 404)
      return (
        <div role="alert" className="alert alert-warning alert-soft flex-wrap justify-between">
          <span>{inPageLanguage(parcel.error.message)}</span>
          <Link to="/dashboard/parcels" className="btn btn-sm">
            <Trans>My Parcels</Trans>
          </Link>
        </div>
      );
    return <LoadError what={t`this parcel`} onRetry={() => parcel.refetch()} />;
  }
  const consignment = parcel.data;
  const kilograms = count(consignment.weightGrams / 1000);
  const cancelled = consignment.status === 'cancelled';
  // Once delivered, the day it was, not the days it was expected (issue 42).
  const delivered = deliveredStep(consignment.status, steps.data ?? []);
  const deliveredDay = delivered && shownDay(delivered.at);

  const print = async () => {
    setPrinting(true);
    try {
      await downloadLabel(consignment.trackingCode, language);
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The label could not be made. Please try again.');
    } finally {
      setPrinting(false);
    }
  };

  return (
    <section aria-labelledby="parcel-heading" className="flex max-w-4xl flex-col gap-6">
      {booked ? (
        <p role="status" className="alert alert-success alert-soft">
          <Trans>Your parcel is booked. Print its label and stick it on the parcel.</Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-base-content/70">
            <Trans>Tracking code</Trans>
          </p>
          <h2 id="parcel-heading" className="font-mono text-2xl font-bold tracking-wider sm:text-3xl">
            {consignment.trackingCode}
          </h2>
          <div className="mt-2">
            <ParcelStatus parcel={consignment} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A cancelled parcel travels nowhere: it has no label (the server refuses one too). */}
          {cancelled ? null : (
            <button type="button" className="btn btn-primary" onClick={print} disabled={printing}>
              {printing ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              <Trans>Print label</Trans>
            </button>
          )}
          <Link to={trackingPath(consignment.trackingCode)} className="btn btn-outline">
            <Trans>Track it</Trans>
          </Link>
          {consignment.status === 'booked' ? (
            <ConfirmButton
              label={t`Cancel parcel`}
              className="btn btn-outline btn-error"
              disabled={cancel.isPending}
              question={t`Cancel parcel ${consignment.trackingCode}?`}
              details={
                consignment.feePayment === 'card' && consignment.feePaid
                  ? t`The fee paid by card is refunded. A parcel already picked up can no longer be cancelled.`
                  : t`A parcel already picked up can no longer be cancelled.`
              }
              onConfirm={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast.success(/*i18n*/ 'Parcel cancelled.'),
                  onError: (error) => toastApiError(error, /*i18n*/ 'The parcel could not be cancelled. Please try again.'),
                })
              }
            />
          ) : null}
        </div>
      </div>
      {feeOwed(consignment) ? payment(consignment) : null}
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body grid gap-6 sm:grid-cols-2">
          <Party title={t`Pick up from`} party={consignment.pickup} />
          <Party
            title={t`Deliver to`}
            party={consignment.recipient}
            mark={<VagueAddressMark quality={consignment.addressQuality} />}
          />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:col-span-2">
            <dt className="font-medium">
              <Trans>Service</Trans>
            </dt>
            <dd>{i18n._(SERVICE_NAMES[consignment.service])}</dd>
            <dt className="font-medium">
              <Trans>Weight</Trans>
            </dt>
            <dd>
              <Trans>{kilograms} kg</Trans>
            </dd>
            <dt className="font-medium">
              <Trans>Cash to collect</Trans>
            </dt>
            <dd>{taka(consignment.codAmount)}</dd>
            <dt className="font-medium">
              <Trans>Delivery fee</Trans>
            </dt>
            <dd>{taka(consignment.deliveryFee)}</dd>
            <dt className="font-medium">
              <Trans>COD charge</Trans>
            </dt>
            <dd>{taka(consignment.codFee)}</dd>
            <dt className="font-medium">
              <Trans>Total</Trans>
            </dt>
            <dd className="font-semibold">
              {taka(consignment.total)}{' '}
              <span className="font-normal text-base-content/70">
                {consignment.feePayment === 'card' && cancelled ? (
                  consignment.feePaid ? (
                    <Trans>(paid by card and refunded: the parcel was cancelled)</Trans>
                  ) : (
                    <Trans>(nothing to pay: the parcel was cancelled)</Trans>
                  )
                ) : consignment.feePayment === 'cod' ? (
                  <Trans>(taken from the cash collected)</Trans>
                ) : consignment.feePayment === 'account' ? (
                  <Trans>(from your account: your COD balance, once delivered)</Trans>
                ) : consignment.feePayment === 'shop' ? (
                  <Trans>(the shop’s own order: no fee)</Trans>
                ) : consignment.feePaid ? (
                  <Trans>(paid by card)</Trans>
                ) : (
                  <Trans>(to pay by card)</Trans>
                )}
              </span>
            </dd>
            <dt className="font-medium">
              <Trans>Delivery</Trans>
            </dt>
            <dd>
              {deliveredDay ? <Trans>Delivered {deliveredDay}</Trans> : <DeliveryDays estimate={consignment.estimatedDelivery} />}
            </dd>
            {consignment.deliveryType === 'hub' ? (
              <>
                <dt className="font-medium">
                  <Trans>Delivery type</Trans>
                </dt>
                <dd>
                  <Trans>Collected by the recipient at a hub point</Trans>
                </dd>
              </>
            ) : null}
            {consignment.itemDescription || consignment.quantity ? (
              <>
                <dt className="font-medium">
                  <Trans>Contents</Trans>
                </dt>
                <dd>
                  {consignment.itemDescription}
                  {consignment.quantity ? ` × ${count(consignment.quantity)}` : null}
                </dd>
              </>
            ) : null}
            {consignment.declaredValue ? (
              <>
                <dt className="font-medium">
                  <Trans>Declared value</Trans>
                </dt>
                <dd>{taka(consignment.declaredValue)}</dd>
              </>
            ) : null}
            {consignment.alternativePhone || consignment.recipientEmail ? (
              <>
                <dt className="font-medium">
                  <Trans>Recipient’s other contacts</Trans>
                </dt>
                <dd className="break-all">
                  {[consignment.alternativePhone, consignment.recipientEmail].filter(Boolean).join(' · ')}
                </dd>
              </>
            ) : null}
            {consignment.note ? (
              <>
                <dt className="font-medium">
                  <Trans>Note</Trans>
                </dt>
                <dd>{consignment.note}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      <ProofOfDelivery parcel={consignment} />
      <RecipientConfirmation trackingCode={consignment.trackingCode} />
      <ReturnRequests parcel={consignment} />
      {steps.data ? (
        <section aria-labelledby="parcel-steps-heading">
          <h2 id="parcel-steps-heading" className="text-xl font-semibold">
            <Trans>Every step</Trans>
          </h2>
          <ParcelSteps events={steps.data} />
        </section>
      ) : null}
      <Link to="/dashboard/parcels" className="link link-primary">
        <Trans>Back to My Parcels</Trans>
      </Link>
    </section>
  );
}
