import { PurchasePage } from '../../features/products/pages/PurchasePage.tsx';

export function PurchaseRoute() {
  return <PurchasePage />;
}
