/**
 * Manage Orders and the overview load as one file: admins use both, and every file a route loads on
 * demand is one more name in the list of such files that the home page loads, whose budget is full
 * (R-BUDGETS): apart, the overview and the figures only the two pages share were two names more.
 */
export { ManageOrdersPage } from '#web/features/orders/pages/ManageOrdersPage.tsx';
export { OverviewPage } from '#web/features/orders/pages/OverviewPage.tsx';

import { useParams } from 'react-router';
import { ManageOrderPage } from '#web/features/orders/pages/ManageOrderPage.tsx';
import { ShipOrderWithUs } from '#web/features/parcels/components/ShipOrderWithUs.tsx';

/** One order's admin view (issue 26), in this file for the same reason; a paid order may ship with SwiftCargo (issue 29). */
export function ManageOrderRoute() {
  const { number = '' } = useParams();
  return <ManageOrderPage number={number} shipWithUs={(order) => <ShipOrderWithUs orderId={order._id} />} />;
}
