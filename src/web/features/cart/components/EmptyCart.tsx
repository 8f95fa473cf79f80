import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';

/** What the cart and the checkout show when the cart holds nothing, with a way back to the catalogue (R-CART). */
export function EmptyCart() {
  return (
    <div className="py-12 text-center">
      <p className="text-lg">
        <Trans>Your cart is empty.</Trans>
      </p>
      <Link to="/products" className="btn btn-primary mt-4">
        <Trans>Browse the products</Trans>
      </Link>
    </div>
  );
}
