import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { placeName } from '#shared/area.ts';
import { parcelPath } from '#shared/consignment.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useMyParcels } from '../api/use-parcels.ts';
import { ParcelStatus } from '../components/ParcelStatus.tsx';
import { SERVICE_NAMES } from '../components/service-names.ts';

/** My Parcels (issue 28): the customer's booked parcels, newest first, each leading to its page. */
export function MyParcelsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`My Parcels`);
  const { taka, language } = useParcelFormat();
  const parcels = useMyParcels();
  if (parcels.isPending) return <Spinner label={t`Loading your parcels`} />;
  if (parcels.isError) return <LoadError what={t`your parcels`} onRetry={() => parcels.refetch()} />;
  return (
    <section aria-labelledby="parcels-heading" className="with-taka flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="parcels-heading" className="text-2xl font-bold">
          <Trans>My Parcels</Trans>
        </h2>
        <Link to="/ship" className="btn btn-primary btn-sm">
          <Trans>Send a parcel</Trans>
        </Link>
      </div>
      {parcels.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          <Trans>You have not booked a parcel yet.</Trans>{' '}
          <Link to="/ship" className="link link-primary">
            <Trans>Get a price and book one</Trans>
          </Link>
        </p>
      ) : (
        // A scroll region keyboard users can reach and screen readers name, should a phone still be too narrow.
        <section
          className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
          aria-label={t`My Parcels`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus so the keyboard can scroll it.
          tabIndex={0}
        >
          <table className="table">
            <thead className="text-base-content">
              <tr>
                <th>
                  <Trans>Tracking code</Trans>
                </th>
                <th>
                  <Trans>Recipient</Trans>
                </th>
                <th>
                  <Trans>Service</Trans>
                </th>
                <th>
                  <Trans>Total</Trans>
                </th>
                <th>
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {parcels.data.map((parcel) => (
                <tr key={parcel.trackingCode}>
                  <td>
                    <Link to={parcelPath(parcel.trackingCode)} className="link link-primary font-mono">
                      {parcel.trackingCode}
                    </Link>
                  </td>
                  <td>
                    {parcel.recipient.name}
                    <br />
                    <span className="text-sm text-base-content/70">{placeName(parcel.recipient.area, language)}</span>
                  </td>
                  <td>{i18n._(SERVICE_NAMES[parcel.service])}</td>
                  <td>{taka(parcel.total)}</td>
                  <td>
                    <ParcelStatus parcel={parcel} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
