import { CheckoutPage } from '#web/features/cart/pages/CheckoutPage.tsx';
import { useSavedDelivery } from '../saved-delivery.ts';

/** /checkout (signed in, R-CHECKOUT): the cart's checkout, its delivery details starting from the profile. */
export function CheckoutRoute() {
  return <CheckoutPage savedDelivery={useSavedDelivery()} />;
}
