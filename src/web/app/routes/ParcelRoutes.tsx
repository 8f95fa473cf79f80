import { useLingui } from '@lingui/react/macro';
import { Spinner } from '#web/components/Spinner.tsx';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { BookParcelPage } from '#web/features/parcels/pages/BookParcelPage.tsx';
import { ParcelPage } from '#web/features/parcels/pages/ParcelPage.tsx';
import { FeeCardPayment } from '#web/features/payments/components/FeeCardPayment.tsx';
import { useProfile } from '#web/features/users/api/use-profile.ts';

/** The booking form, starting from the account's name and its saved address and phone. */
export function BookParcelRoute() {
  const { t } = useLingui();
  const { user } = useViewer();
  const profile = useProfile(user?.email);
  if (!user || profile.isPending) return <Spinner label={t`Loading your details`} />;
  const sender = { name: user.name, phone: profile.data?.phoneNumber ?? '', address: profile.data?.address ?? '' };
  return <BookParcelPage sender={sender} />;
}

/** A parcel's page, with the card form of payments while its fee is owed. */
export function ParcelRoute() {
  const { user } = useViewer();
  return (
    <ParcelPage
      payment={(parcel) =>
        parcel.feePayment === 'card' && user ? (
          <FeeCardPayment
            trackingCode={parcel.trackingCode}
            total={parcel.total}
            billingDetails={{ name: user.name, email: user.email }}
          />
        ) : null
      }
    />
  );
}
