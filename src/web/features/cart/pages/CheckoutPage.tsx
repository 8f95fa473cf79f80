import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CartLine } from '#shared/cart.ts';
import { MESSAGES } from '#shared/messages.ts';
import { pictureSrcSet } from '#shared/picture.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { DeliveryFields, focusFirstDeliveryError, typedDelivery } from '#web/components/DeliveryFields.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { checkDelivery, type DeliveryErrors, deliveryErrorsOf } from '#web/lib/delivery-details.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useCart } from '../api/use-cart.ts';
import { useCheckout } from '../api/use-checkout.ts';
import { EmptyCart } from '../components/EmptyCart.tsx';

/** Where the order goes, as the customer confirmed it on the first step. */
interface Delivery {
  address: ShippingAddress;
  save: boolean;
}

/** A line that cannot be ordered as it stands (a new price alone can: the review shows it). */
const blocks = (line: CartLine) => line.problems.some((problem) => problem.code !== 'price_changed');

/**
 * /checkout (R-CHECKOUT): delivery details, then a review of the cart's lines and total, then "Place order",
 * which turns the cart into one order and opens its payment page. The review's lines and prices go with the
 * order, so a cart or a price that changed meanwhile is refused rather than charged unseen.
 */
export function CheckoutPage({ savedDelivery }: { savedDelivery: ShippingAddress | undefined }) {
  const inPageLanguage = useInPageLanguage();
  const { count, price } = useFormat();
  const { t } = useLingui();
  useDocumentTitle(t`Checkout`);
  const navigate = useNavigate();
  const cart = useCart('signed-in');
  const checkout = useCheckout();
  const [delivery, setDelivery] = useState<Delivery>();
  const [errors, setErrors] = useState<DeliveryErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (delivery) reviewHeading.current?.focus();
  }, [delivery]);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { typed, save } = typedDelivery(form);
    const checked = checkDelivery(typed);
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirstDeliveryError(form, checked.errors);
      return;
    }
    setErrors({});
    setRefusal(undefined);
    setDelivery({ address: checked.address, save });
  }

  async function placeOrder(lines: CartLine[], chosen: Delivery) {
    setRefusal(undefined);
    try {
      const order = await checkout.mutateAsync({
        shippingAddress: chosen.address,
        saveAddressToProfile: chosen.save,
        reviewed: lines.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })),
      });
      toast.success(MESSAGES.orderCreated);
      navigate(`/dashboard/payment/${order._id}`);
    } catch (error) {
      const addressErrors = deliveryErrorsOf(error);
      if (Object.keys(addressErrors).length > 0) {
        setErrors(addressErrors);
        setDelivery(undefined);
        return;
      }
      setRefusal(errorMessage(error, /*i18n*/ 'Your order could not be placed. Please try again.'));
    }
  }

  let content: React.ReactNode;
  if (cart.isPending) content = <Spinner label={t`Loading your cart`} />;
  else if (cart.isError) content = <LoadError what={t`your cart`} onRetry={() => cart.refetch()} />;
  else if (cart.data.items.length === 0) content = <EmptyCart />;
  else if (!delivery)
    content = (
      <form onSubmit={review} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-base-content/80">
          <Trans>Step 1 of 2: where should we deliver your order?</Trans>
        </p>
        <DeliveryFields saved={savedDelivery} errors={errors} />
        <div className="flex flex-wrap justify-between gap-3">
          <Link to="/cart" className="btn btn-ghost">
            <Trans>Back to your cart</Trans>
          </Link>
          <button type="submit" className="btn btn-primary" disabled={!savedDelivery}>
            <Trans>Review order</Trans>
          </button>
        </div>
      </form>
    );
  else {
    const lines = cart.data.items;
    const blocked = lines.some(blocks);
    content = (
      <div className="flex flex-col gap-6">
        <h2 ref={reviewHeading} tabIndex={-1} className="text-xl font-semibold outline-none">
          <Trans>Step 2 of 2: review your order</Trans>
        </h2>
        <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300" data-testid="review-lines">
          {lines.map((line) => (
            <li key={line.productId} className="flex items-start gap-4 p-4">
              <img
                src={line.picture}
                srcSet={pictureSrcSet(line.picture)}
                sizes="64px"
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 shrink-0 rounded object-contain"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{line.name}</p>
                <p className="text-sm text-base-content/80">
                  {count(line.quantity)} × {price(line.unitPrice)}
                </p>
                {line.problems.map((problem) => (
                  <p key={problem.code} className={`text-sm ${problem.code === 'price_changed' ? '' : 'text-error'}`}>
                    {problem.message}
                  </p>
                ))}
              </div>
              <p className="font-semibold">{price(line.price)}</p>
            </li>
          ))}
        </ul>
        <div className="rounded-box border border-base-300 p-4">
          <h3 className="font-semibold">
            <Trans>Delivery to</Trans>
          </h3>
          <p>{delivery.address.name}</p>
          <p>{delivery.address.address}</p>
          <p>{delivery.address.phone}</p>
          <button type="button" className="btn btn-sm btn-ghost mt-2 px-2" onClick={() => setDelivery(undefined)}>
            <Trans>Change delivery details</Trans>
          </button>
        </div>
        <p className="self-end text-xl font-bold" data-testid="checkout-total">
          <Trans>Total : {price(cart.data.price)}</Trans>
        </p>
        {blocked ? (
          <p role="alert" className="alert alert-warning alert-soft">
            <span>
              <Trans>
                Some lines cannot be ordered as they are.{' '}
                <Link to="/cart" className="link">
                  Change them in your cart
                </Link>{' '}
                first.
              </Trans>
            </span>
          </p>
        ) : null}
        {inPageLanguage(refusal) ? (
          <p role="alert" className="alert alert-error alert-soft">
            {inPageLanguage(refusal)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-between gap-3">
          <Link to="/cart" className="btn btn-ghost">
            <Trans>Back to your cart</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            disabled={blocked || checkout.isPending}
            onClick={() => placeOrder(lines, delivery)}
          >
            {checkout.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            <Trans>Place order</Trans>
          </button>
        </div>
      </div>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="mb-6 text-3xl font-bold text-primary">
        <Trans>Checkout</Trans>
      </h1>
      {content}
    </section>
  );
}
