import { useViewer } from '../../features/auth/api/use-viewer.ts';
import { MyOrdersPage } from '../../features/orders/pages/MyOrdersPage.tsx';

export function MyOrdersRoute() {
  const { user } = useViewer();
  return user ? <MyOrdersPage email={user.email} /> : null;
}
