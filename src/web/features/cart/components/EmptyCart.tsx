import { Link } from 'react-router';

/** What the cart and the checkout show when the cart holds nothing, with a way back to the catalogue (R-CART). */
export function EmptyCart() {
  return (
    <div className="py-12 text-center">
      <p className="text-lg">Your cart is empty.</p>
      <Link to="/products" className="btn btn-primary mt-4">
        Browse the products
      </Link>
    </div>
  );
}
