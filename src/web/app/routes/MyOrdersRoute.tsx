import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { MyOrdersPage } from '#web/features/orders/pages/MyOrdersPage.tsx';

export function MyOrdersRoute() {
  const { user } = useViewer();
  return user ? <MyOrdersPage email={user.email} /> : null;
}
