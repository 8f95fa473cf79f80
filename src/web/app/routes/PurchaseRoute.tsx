import { useParams } from 'react-router';
import { useAccessToken } from '#web/features/auth/api/use-access-token.ts';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { VerifyEmailNotice } from '#web/features/auth/components/VerifyEmailNotice.tsx';
import type { Buyer } from '#web/features/products/components/BuyForm.tsx';
import { PurchasePage } from '#web/features/products/pages/PurchasePage.tsx';
import { ProfileSummaryCard } from '#web/features/users/components/ProfileSummaryCard.tsx';
import { useSavedDelivery } from '../saved-delivery.ts';

/**
 * The public product page (R-ROUTES) beside the buyer's saved details when someone is signed in.
 * Buy Now waits for the session and its access token, and sends a visitor to /login and back. The
 * delivery details start from the profile (R-ORDER-ADDRESS), the same answer the side card shows;
 * if it cannot be read, they start empty under the account's name.
 */
export function PurchaseRoute() {
  const { id = '' } = useParams();
  const { user, isPending } = useViewer();
  const token = useAccessToken(user?.email);
  const savedDelivery = useSavedDelivery();
  const buyer: Buyer = isPending || (user && token.isPending) ? 'checking' : user ? 'signed-in' : 'visitor';
  return (
    <PurchasePage
      key={id}
      productId={id}
      buyer={buyer}
      notice={user ? <VerifyEmailNotice /> : null}
      aside={user ? <ProfileSummaryCard email={user.email} /> : null}
      savedDelivery={savedDelivery}
    />
  );
}
