import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type Consignment, handoverPhotoPath } from '#shared/consignment.ts';
import { Spinner } from '#web/components/Spinner.tsx';
import { apiResponse } from '#web/lib/api-client.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';

/**
 * The photo of the handover: it needs the viewer's token, which an <img> address cannot carry, so it
 * is fetched and shown from memory, and let go when the page is left.
 */
function HandoverPhoto({ trackingCode }: { trackingCode: string }) {
  const { t } = useLingui();
  const [photo, setPhoto] = useState<string | 'failed'>();
  useEffect(() => {
    let shown: string | undefined;
    let left = false;
    apiResponse(handoverPhotoPath(encodeURIComponent(trackingCode)))
      .then((response) => response.blob())
      .then((blob) => {
        if (left) return;
        shown = URL.createObjectURL(blob);
        setPhoto(shown);
      })
      .catch(() => setPhoto('failed'));
    return () => {
      left = true;
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [trackingCode]);
  if (photo === 'failed')
    return (
      <p className="text-sm text-base-content/70">
        <Trans>The photo could not be loaded.</Trans>
      </p>
    );
  if (!photo) return <Spinner label={t`Loading the photo`} />;
  return <img src={photo} alt={t`The parcel handed over`} className="w-full max-w-sm rounded-box" />;
}

/** How the parcel was handed over (R-PROOF-OF-DELIVERY): the cash taken, and the photo and who took it, if a photo proved it. */
export function ProofOfDelivery({ parcel }: { parcel: Consignment }) {
  const { taka } = useParcelFormat();
  const proof = parcel.proofOfDelivery;
  if (!proof) return null;
  return (
    <section aria-labelledby="proof-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h3 id="proof-heading" className="card-title text-lg">
          <Trans>Proof of delivery</Trans>
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">
            <Trans>Cash collected</Trans>
          </dt>
          <dd>{taka(proof.codCollected)}</dd>
          {proof.handedOver ? (
            <>
              <dt className="font-medium">
                <Trans>Handed over</Trans>
              </dt>
              <dd>{proof.handedOver}</dd>
            </>
          ) : null}
          {proof.receivedBy ? (
            <>
              <dt className="font-medium">
                <Trans>Received by</Trans>
              </dt>
              <dd>{proof.receivedBy}</dd>
            </>
          ) : null}
          <dt className="font-medium">
            <Trans>Proved by</Trans>
          </dt>
          <dd>{proof.photoUrl ? <Trans>A photo of the handover</Trans> : <Trans>The recipient’s delivery code</Trans>}</dd>
        </dl>
        {proof.photoUrl ? <HandoverPhoto trackingCode={parcel.trackingCode} /> : null}
      </div>
    </section>
  );
}
