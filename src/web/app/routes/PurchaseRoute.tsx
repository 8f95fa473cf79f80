import { useParams } from 'react-router';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { PurchasePage } from '#web/features/products/pages/PurchasePage.tsx';
import { ProfileSummaryCard } from '#web/features/users/components/ProfileSummaryCard.tsx';

/** The purchase page beside the buyer's saved details (RequireAuth has made sure someone is signed in). */
export function PurchaseRoute() {
  const { id = '' } = useParams();
  const { user } = useViewer();
  return <PurchasePage key={id} productId={id} aside={user ? <ProfileSummaryCard email={user.email} /> : null} />;
}
