import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useCart, useChangeCart } from '../api/use-cart.ts';
import type { CartOwner } from '../cart-store.ts';
import { CartLineItem } from '../components/CartLineItem.tsx';
import { EmptyCart } from '../components/EmptyCart.tsx';

/** /cart (R-CART): the lines, their totals and the cart's total, and the way to checkout (R-CHECKOUT). */
export function CartPage({ owner }: { owner: CartOwner }) {
  const { price } = useFormat();
  const { t } = useLingui();
  useDocumentTitle(t`Your cart`);
  const cart = useCart(owner);
  const { setQuantity, remove } = useChangeCart(owner);
  const busy = setQuantity.isPending || remove.isPending;

  let content: React.ReactNode;
  if (owner === 'checking' || cart.isPending) content = <Spinner label={t`Loading your cart`} />;
  else if (cart.isError) content = <LoadError what={t`your cart`} onRetry={() => cart.refetch()} />;
  else if (cart.data.items.length === 0) content = <EmptyCart />;
  else
    content = (
      <>
        <ul className="flex flex-col gap-4">
          {cart.data.items.map((line) => (
            <CartLineItem
              key={line.productId}
              line={line}
              busy={busy}
              onQuantity={(quantity) => setQuantity.mutateAsync({ productId: line.productId, quantity })}
              onRemove={() => remove.mutateAsync(line.productId)}
            />
          ))}
        </ul>
        <div className="mt-6 flex flex-col items-end gap-1 border-t border-base-300 pt-4">
          <p className="text-xl font-bold" data-testid="cart-total">
            <Trans>Total : {price(cart.data.price)}</Trans>
          </p>
          <p className="text-sm text-base-content/70">
            <Trans>Lines that are sold out or short of stock are not counted.</Trans>
          </p>
          {/* A visitor signs in on the way: their cart joins the account's, which is the one checked out (R-CHECKOUT). */}
          <Link to="/checkout" className="btn btn-primary mt-3">
            {owner === 'signed-in' ? <Trans>Checkout</Trans> : <Trans>Log in to check out</Trans>}
          </Link>
        </div>
      </>
    );

  return (
    <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="mb-6 text-3xl font-bold text-primary">
        <Trans>Your cart</Trans>
      </h1>
      {owner === 'visitor' ? (
        <p className="mb-4 text-sm text-base-content/80">
          <Trans>
            This cart is kept in this browser.{' '}
            <Link to="/login" state={{ from: '/cart' }} className="link">
              Log in
            </Link>{' '}
            to keep it in your account on every device.
          </Trans>
        </p>
      ) : null}
      {content}
    </section>
  );
}
