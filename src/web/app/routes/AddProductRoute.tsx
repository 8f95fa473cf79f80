import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { AddProductPage } from '#web/features/products/pages/AddProductPage.tsx';

export function AddProductRoute() {
  const { user } = useViewer();
  return user ? <AddProductPage adminEmail={user.email} /> : null;
}
