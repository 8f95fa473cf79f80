import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import type { Order } from '#shared/order.ts';
import type { Product } from '#shared/product.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { DeliveryFields, focusFirstDeliveryError, typedDelivery } from '#web/components/DeliveryFields.tsx';
import type { DeliveryErrors } from '#web/lib/delivery-details.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { usePlaceOrder } from '../api/use-place-order.ts';

/**
 * The quantity rule (R-PURCHASE) uses the shared zod schema, which loads with the first keystroke
 * rather than with the page: a phone hydrates the product page without parsing zod (R-BUDGETS).
 */
const loadQuantityWarning = () => import('../purchase-quantity.ts').then((module) => module.quantityWarning);
/** The delivery rules (R-ORDER-ADDRESS) load the same way, when Buy Now is pressed. */
const loadDeliveryDetails = () => import('#web/lib/delivery-details.ts');

/** Who is buying: Buy Now waits while the session is checked, and a visitor signs in first (R-ROUTES). */
export type Buyer = 'checking' | 'visitor' | 'signed-in';

/**
 * The quantity field and Buy Now. Buy Now stays disabled until the quantity is within the product's range.
 * A signed-in buyer also gives the delivery details, starting from `savedDelivery` (undefined while it loads).
 */
export function BuyForm({
  product,
  buyer,
  savedDelivery,
}: {
  product: Product;
  buyer: Buyer;
  savedDelivery: ShippingAddress | undefined;
}) {
  const inPageLanguage = useInPageLanguage();
  const { numberFieldType, price } = useFormat();
  const { t } = useLingui();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inputId = useId();
  const warningId = `${inputId}-warning`;
  const [quantity, setQuantity] = useState('');
  /** The warning about the quantity `text`; Buy Now waits until the text typed last has been checked. */
  const [checked, setChecked] = useState<{ text: string; warning?: string }>({ text: '' });
  const [placed, setPlaced] = useState<Order>();
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  const placeOrder = usePlaceOrder();
  const { warning } = checked;
  const soldOut = product.availableQuantity === 0;
  const ready = quantity.trim() !== '' && checked.text === quantity && !warning && !soldOut;
  /** The session, or a signed-in buyer's saved delivery details, are still on their way. */
  const waiting = buyer === 'checking' || (buyer === 'signed-in' && !savedDelivery);

  function changeQuantity(text: string) {
    setQuantity(text);
    setPlaced(undefined);
    loadQuantityWarning().then((quantityWarning) =>
      setChecked((last) => (last.text === text ? last : { text, warning: quantityWarning(text, product) })),
    );
  }

  /** Shows what is wrong with the delivery details and puts the cursor in the first field to fix. */
  function showDeliveryErrors(form: HTMLFormElement, errors: DeliveryErrors) {
    setDeliveryErrors(errors);
    focusFirstDeliveryError(form, errors);
  }

  async function buy(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || placeOrder.isPending || waiting) return;
    if (buyer === 'visitor') {
      navigate('/login', { state: { from: pathname } });
      return;
    }
    const form = event.currentTarget;
    const { typed, save } = typedDelivery(form);
    const { checkDelivery, deliveryErrorsOf } = await loadDeliveryDetails();
    const delivery = checkDelivery(typed);
    if ('errors' in delivery) {
      showDeliveryErrors(form, delivery.errors);
      return;
    }
    setDeliveryErrors({});
    try {
      const order = await placeOrder.mutateAsync({
        productId: product._id,
        quantity: Number(quantity),
        shippingAddress: delivery.address,
        saveAddressToProfile: save,
      });
      toast.success(MESSAGES.orderCreated);
      setPlaced(order);
      setQuantity('');
      setChecked({ text: '' });
    } catch (error) {
      showDeliveryErrors(form, deliveryErrorsOf(error));
      toastApiError(error, /*i18n*/ 'Your order could not be placed. Please try again.');
    }
  }

  return (
    <form onSubmit={buy} noValidate className="mt-6 flex flex-col gap-3">
      {buyer === 'signed-in' ? <DeliveryFields saved={savedDelivery} errors={deliveryErrors} /> : null}
      <label htmlFor={inputId} className="text-sm font-medium">
        <Trans>Quantity</Trans>
      </label>
      <div className="flex flex-wrap items-start gap-3">
        <input
          id={inputId}
          name="quantity"
          type={numberFieldType}
          inputMode="numeric"
          min={product.minQuantity}
          max={product.maxQuantity}
          step={1}
          placeholder={t`Minimum ${product.minQuantity}, maximum ${product.maxQuantity}`}
          value={quantity}
          onChange={(event) => changeQuantity(event.target.value)}
          disabled={soldOut}
          aria-invalid={inPageLanguage(warning) ? true : undefined}
          aria-describedby={warningId}
          className={`input w-full sm:max-w-xs ${inPageLanguage(warning) ? 'input-error' : ''}`}
        />
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={!ready || placeOrder.isPending || waiting}>
          {placeOrder.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          <Trans>Buy Now</Trans>
        </button>
      </div>
      <p id={warningId} className="min-h-5 text-sm text-error" aria-live="polite">
        {inPageLanguage(warning)}
      </p>
      {ready ? (
        <p className="text-sm">
          <Trans>
            Total : <span className="font-semibold">{price(product.price * Number(quantity))}</span>
          </Trans>
        </p>
      ) : null}
      {placed ? (
        <div role="status" className="alert alert-success alert-soft alert-vertical items-start sm:alert-horizontal">
          <span>
            <Trans>
              {placed.quantity} × {product.name} ordered for {price(placed.price)}: {inPageLanguage(MESSAGES.orderCreated)}.
            </Trans>
          </span>
          <div className="flex gap-2">
            <Link to={`/dashboard/payment/${placed._id}`} className="btn btn-sm btn-primary">
              <Trans>Pay now</Trans>
            </Link>
            <Link to="/dashboard/orders" className="btn btn-sm btn-ghost">
              <Trans>My Orders</Trans>
            </Link>
          </div>
        </div>
      ) : null}
    </form>
  );
}
