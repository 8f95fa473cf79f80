import { useParams } from 'react-router';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { MyOrdersPage } from '#web/features/orders/pages/MyOrdersPage.tsx';
import { OrderPage } from '#web/features/orders/pages/OrderPage.tsx';

export function MyOrdersRoute() {
  const { user } = useViewer();
  return user ? <MyOrdersPage email={user.email} /> : null;
}

/** An order's own page (issue 26), in the same file as My Orders: one file more would grow the home page's list of them (R-BUDGETS). */
export function OrderRoute() {
  const { number = '' } = useParams();
  return (
    <OrderPage number={number} reader=/*i18n*/ "customer" backTo={{ path: '/dashboard/orders', label: /*i18n*/ 'My Orders' }} />
  );
}
