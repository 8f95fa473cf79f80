import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { FINAL_STATUSES } from '#shared/consignment-status.ts';
import type { Tracking } from '#shared/tracking.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useShownDay } from '#web/lib/shop-time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useTracking } from '../api/use-tracking.ts';
import { deliveredStep, ParcelSteps } from '../components/ParcelSteps.tsx';
import { SERVICE_NAMES } from '../components/service-names.ts';
import { PARCEL_STATUS_NAMES, statusTone } from '../components/status-names.ts';

const districtName = (place: Tracking['origin'], language: string) =>
  language === 'bn' ? place.district.nameBn : place.district.name;

/**
 * /track/{code} (issue 29), public and server-rendered: where the parcel is, where it goes and every
 * step so far, newest first. It shows what the API shows anyone holding the code: no phone, address or
 * amount (R-TRACKING).
 */
export function TrackingPage() {
  const { t, i18n } = useLingui();
  const { trackingCode = '' } = useParams();
  const tracking = useTracking(trackingCode);
  const missing = tracking.error instanceof ApiError && tracking.error.status === 404;
  useDocumentTitle(missing ? t`Parcel not found` : t`Track ${trackingCode}`);
  if (tracking.isPending) return <Spinner label={t`Loading the parcel’s steps`} />;
  if (tracking.isError)
    return (
      <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="tracking-heading">
        {missing ? (
          <>
            <h1 id="tracking-heading" className="text-3xl font-bold text-primary">
              <Trans>Parcel not found</Trans>
            </h1>
            <p className="mt-3">
              <Trans>No parcel has this tracking code. Check it on your receipt or label.</Trans>
            </p>
            <Link to="/track" className="btn btn-primary mt-6">
              <Trans>Try another code</Trans>
            </Link>
          </>
        ) : (
          <LoadError what={t`this parcel`} onRetry={() => tracking.refetch()} />
        )}
      </section>
    );
  return <ParcelJourney tracking={tracking.data} statusName={i18n._(PARCEL_STATUS_NAMES[tracking.data.status])} />;
}

function ParcelJourney({ tracking, statusName }: { tracking: Tracking; statusName: string }) {
  const { i18n } = useLingui();
  const { language, day } = useParcelFormat();
  const shownDay = useShownDay();
  const from = districtName(tracking.origin, language);
  const to = districtName(tracking.destination, language);
  const recipient = tracking.recipient.name;
  const service = i18n._(SERVICE_NAMES[tracking.service]);
  const earliest = day(tracking.estimatedDelivery.earliest);
  const latest = day(tracking.estimatedDelivery.latest);
  // Once delivered, the day it was, not the days it was expected (issue 42).
  const delivered = deliveredStep(tracking.status, tracking.events);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14" aria-labelledby="tracking-heading">
      <p className="text-sm text-base-content/70">
        <Trans>Tracking code</Trans> <span className="font-mono font-semibold text-base-content">{tracking.trackingCode}</span>
      </p>
      <h1 id="tracking-heading" className="mt-2 flex flex-wrap items-center gap-3 text-3xl font-bold text-primary">
        {statusName}
        <span className={`badge badge-soft badge-lg ${statusTone(tracking.status)}`}>{service}</span>
        {/* A sandbox parcel (R-SANDBOX): whoever holds its code is told it goes nowhere. */}
        {tracking.test ? (
          <span className="badge badge-info badge-soft badge-lg" data-testid="test-parcel">
            <Trans>Test parcel</Trans>
          </span>
        ) : null}
      </h1>
      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-box border border-base-300 bg-base-100 p-5 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-base-content/70">
            <Trans>From</Trans>
          </dt>
          <dd className="font-medium">{from}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/70">
            <Trans>To</Trans>
          </dt>
          <dd className="font-medium">
            <Trans>
              {to}, for {recipient}
            </Trans>
          </dd>
        </div>
        {delivered ? (
          <div>
            <dt className="text-sm text-base-content/70">
              <Trans>Delivered</Trans>
            </dt>
            <dd className="font-medium">
              <time dateTime={delivered.at}>{shownDay(delivered.at)}</time>
            </dd>
          </div>
        ) : null}
        {FINAL_STATUSES.includes(tracking.status) ? null : (
          <div>
            <dt className="text-sm text-base-content/70">
              <Trans>Expected</Trans>
            </dt>
            <dd className="font-medium">
              {earliest === latest ? (
                earliest
              ) : (
                <Trans>
                  {earliest} to {latest}
                </Trans>
              )}
            </dd>
          </div>
        )}
      </dl>
      <h2 className="mt-8 text-xl font-semibold">
        <Trans>Every step</Trans>
      </h2>
      <ParcelSteps events={tracking.events} />
      <Link to="/track" className="link link-primary">
        <Trans>Track another parcel</Trans>
      </Link>
    </section>
  );
}
