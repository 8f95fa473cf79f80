import { Trans } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import type { Order } from '#shared/order.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import type { DeliveryErrors } from '#web/lib/delivery-details.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useChangeOrderStatus } from '../api/use-orders.ts';

/**
 * The shared rules load when an address is saved, as on the purchase page: a static import would put them in
 * the list of files every page's app code names for the dashboard's routes (R-BUDGETS).
 */
const loadDeliveryDetails = () => import('#web/lib/delivery-details.ts');

const FIELDS: readonly { field: keyof ShippingAddress; label: string; autoComplete: string; type?: string }[] = [
  { field: 'name', label: /*i18n*/ 'Name', autoComplete: 'name' },
  { field: 'address', label: /*i18n*/ 'Address', autoComplete: 'street-address' },
  { field: 'phone', label: /*i18n*/ 'Phone', autoComplete: 'tel', type: 'tel' },
];

/**
 * Manage Orders: an admin adds (or corrects) the delivery address of an order not shipped yet, so it can
 * ship (R-ORDER-ADDRESS). PATCH /api/admin/orders/{id} with `shippingAddress`; the timeline notes it.
 */
export function AddDeliveryAddress({ order }: { order: Order }) {
  const inPageLanguage = useInPageLanguage();
  const changeStatus = useChangeOrderStatus();
  const ids = useId();
  const [typed, setTyped] = useState<ShippingAddress>(order.shippingAddress ?? { name: '', address: '', phone: '' });
  const [errors, setErrors] = useState<DeliveryErrors>({});
  const [open, setOpen] = useState(false);
  // The server's rule (ADDRESS_OPEN_STATUSES), spelled out here as the page's other actions are: importing
  // it would split the statuses into a file of their own that every page's app code names (R-BUDGETS).
  if (order.status !== 'unpaid' && order.status !== 'paid') return null;
  const busy = changeStatus.isPending && changeStatus.variables?.id === order._id;
  const adding = order.shippingAddress === null;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { checkDelivery, deliveryErrorsOf } = await loadDeliveryDetails();
    const checked = checkDelivery(typed);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await changeStatus.mutateAsync({ id: order._id, change: { shippingAddress: checked.address } });
      toast.success(adding ? /*i18n*/ 'Delivery address added' : /*i18n*/ 'Delivery address changed');
      setOpen(false);
    } catch (error) {
      setErrors(deliveryErrorsOf(error));
      toastApiError(error, /*i18n*/ 'The delivery address could not be saved. Please try again.');
    }
  }

  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="btn btn-xs btn-outline w-fit">
        {adding ? <Trans>Add address</Trans> : <Trans>Change address</Trans>}
      </summary>
      <form className="mt-2 flex flex-col gap-1" onSubmit={save} noValidate>
        {FIELDS.map(({ field, label, autoComplete, type }) => (
          <div key={field} className="flex flex-col gap-1">
            <label className="text-xs" htmlFor={`${ids}-${field}`}>
              {inPageLanguage(label)}
            </label>
            <input
              id={`${ids}-${field}`}
              className={`input input-xs ${errors[field] ? 'input-error' : ''}`}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              value={typed[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${ids}-${field}-error` : undefined}
              onChange={(event) => setTyped({ ...typed, [field]: event.target.value })}
            />
            {errors[field] ? (
              <p id={`${ids}-${field}-error`} className="text-xs text-error">
                {errors[field]}
              </p>
            ) : null}
          </div>
        ))}
        <button type="submit" className="btn btn-xs btn-primary w-fit" disabled={busy}>
          <Trans>Save address</Trans>
        </button>
      </form>
    </details>
  );
}
