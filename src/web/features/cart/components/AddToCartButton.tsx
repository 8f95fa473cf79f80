import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Product } from '#shared/product.ts';
import type { CartOwner } from '../cart-store.ts';

/** The adding (and its toasts) loads with the first click, not with the cards (R-BUDGETS). */
const loadAddToCart = () => import('../add-to-cart.ts').then((module) => module.addToCart);

/** "Add to cart" on the product cards and the purchase page (R-CART); waits while the session is checked. */
export function AddToCartButton({ product, owner, className = '' }: { product: Product; owner: CartOwner; className?: string }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const soldOut = product.availableQuantity < product.minQuantity;

  async function add() {
    setAdding(true);
    try {
      await (await loadAddToCart())(product, owner === 'signed-in', queryClient);
    } finally {
      setAdding(false);
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-outline btn-primary ${className}`}
      onClick={add}
      disabled={owner === 'checking' || adding || soldOut}
    >
      {soldOut ? <Trans>Sold out</Trans> : <Trans>Add to cart</Trans>}
      {/* The visible words first in the name, as voice control users say them (WCAG 2.5.3). */}
      <span className="sr-only">: {product.name}</span>
    </button>
  );
}
