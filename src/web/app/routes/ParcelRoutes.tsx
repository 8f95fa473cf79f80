import { useLingui } from '@lingui/react/macro';
import { Spinner } from '#web/components/Spinner.tsx';
import { useIsAdmin } from '#web/features/auth/api/use-is-admin.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { FreightRequestsPage } from '#web/features/freight/pages/FreightRequestsPage.tsx';
import { useMerchant } from '#web/features/merchants/api/use-merchant.ts';
import { BookParcelPage, type Sender } from '#web/features/parcels/pages/BookParcelPage.tsx';
import { ParcelPage } from '#web/features/parcels/pages/ParcelPage.tsx';
import { PickupPage } from '#web/features/parcels/pages/PickupPage.tsx';
import { FeeCardPayment } from '#web/features/payments/components/FeeCardPayment.tsx';
import { useProfile } from '#web/features/users/api/use-profile.ts';

/** The account's name and its saved address and phone, which the sender's forms start from; undefined while loading. */
function useSender(): Sender | undefined {
  const { user } = useViewer();
  const profile = useProfile(user?.email);
  if (!user || profile.isPending) return undefined;
  return { name: user.name, phone: profile.data?.phoneNumber ?? '', address: profile.data?.address ?? '' };
}

/** The booking form, starting from the sender's details; cash to collect only for an approved merchant (issue 39). */
export function BookParcelRoute() {
  const { t } = useLingui();
  const sender = useSender();
  const merchant = useMerchant();
  return sender && !merchant.isPending ? (
    <BookParcelPage sender={sender} merchant={merchant.data?.status === 'approved'} />
  ) : (
    <Spinner label={t`Loading your details`} />
  );
}

/** Asking for a pickup, starting from the sender's details, or a merchant's default store (issue 42). */
export function PickupRoute() {
  const { t } = useLingui();
  const sender = useSender();
  const merchant = useMerchant();
  return sender && !merchant.isPending ? (
    <PickupPage sender={sender} merchant={merchant.data?.status === 'approved'} />
  ) : (
    <Spinner label={t`Loading your details`} />
  );
}

/** Freight requests: the customer's own, or, for an admin, everyone's with the forms to price and schedule them. */
export function FreightRequestsRoute() {
  const { t } = useLingui();
  const { user } = useViewer();
  const admin = useIsAdmin(user?.email);
  if (admin.isPending) return <Spinner label={t`Loading the freight requests`} />;
  return <FreightRequestsPage admin={admin.data === true} />;
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
