import { AdminOrderActions } from '../components/AdminOrderActions.tsx';
import type { ShipWithUs } from '../components/FulfilOrder.tsx';
import { MANAGE_ORDERS_PATH } from './ManageOrdersPage.tsx';
import { OrderPage } from './OrderPage.tsx';

/** One order in its own view for an admin (issue 26): shipping, notes, refund and cancel beside its timeline. */
export function ManageOrderPage({ number, shipWithUs }: { number: string; shipWithUs?: ShipWithUs }) {
  return (
    <OrderPage
      number={number}
      reader="admin"
      backTo={{ path: MANAGE_ORDERS_PATH, label: /*i18n*/ 'Manage Orders' }}
      actions={(order) => <AdminOrderActions order={order} shipWithUs={shipWithUs} />}
    />
  );
}
