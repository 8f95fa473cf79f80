import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { Cart } from '#shared/cart.ts';
import { readAccessToken } from '#web/lib/access-token.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { type CartOwner, cartCount, readVisitorCart } from '../cart-store.ts';

/** Only a visitor's cart that is not empty needs merging: its code (toasts) loads then. */
const loadMerge = () => import('../merge-visitor-cart.ts').then((module) => module.mergeVisitorCart);

/**
 * The navbar's cart link with how many products it holds (R-CART). The server's HTML has no count
 * (it cannot know this browser's cart), so the page hydrates as rendered and the count follows.
 * At sign-in, a visitor's cart joins the account's.
 */
export function CartButton({ owner }: { owner: CartOwner }) {
  const { t } = useLingui();
  const count = useSyncExternalStore(cartCount.subscribe, cartCount.now, () => undefined);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (owner === 'checking') return;
    const visitorItems = readVisitorCart();
    if (owner === 'visitor') {
      cartCount.set(visitorItems.length);
      return;
    }
    // A sign-out under way has already forgotten the token: asking without it would only answer 401.
    if (!readAccessToken()) return;
    // Under the signed-in answers' key, so a sign-out cancels it before the session ends (no 401 after).
    const kept =
      visitorItems.length > 0
        ? loadMerge().then((merge) => merge(visitorItems))
        : queryClient.fetchQuery({
            queryKey: queryKeys.cart,
            queryFn: ({ signal }) => apiRequest<Cart>('/api/cart', { signal }),
          });
    kept
      .then(async (cart) => {
        // A read of the account's cart answered before the join would otherwise land after it and hide it.
        await queryClient.cancelQueries({ queryKey: queryKeys.cart });
        cartCount.set(cart.items.length);
        queryClient.setQueryData(queryKeys.cart, cart);
      })
      // The cart page says why when it cannot load; the count just stays unknown.
      .catch(() => undefined);
  }, [owner, queryClient]);

  const label = count === undefined ? t`Cart` : count === 1 ? t`Cart, ${count} product` : t`Cart, ${count} products`;
  return (
    <Link to="/cart" className="btn btn-ghost btn-circle" aria-label={label} data-testid="cart-button">
      <span className="indicator">
        <svg
          xmlns="http://www.w3.org/2000/svg"
          className="h-6 w-6"
          fill="none"
          viewBox="0 0 24 24"
          stroke="currentColor"
          aria-hidden="true"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeWidth={2}
            d="M3 3h2l.4 2M7 13h10l4-8H5.4M7 13 5.4 5M7 13l-2.3 2.3c-.6.6-.2 1.7.7 1.7H17m0 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm-8 2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z"
          />
        </svg>
        {count ? (
          <span className="badge badge-primary badge-sm indicator-item" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
