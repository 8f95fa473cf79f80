import { Trans } from '@lingui/react/macro';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { FormField } from '#web/components/FormField.tsx';
import type { DeliveryErrors } from '#web/lib/delivery-details.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/** The names the fields go by in the form's data; Buy Now and checkout read them back. */
export const DELIVERY_FIELD_NAMES = {
  name: 'deliveryName',
  address: 'deliveryAddress',
  phone: 'deliveryPhone',
  save: 'saveAddressToProfile',
} as const;

/** The fields in the order the form shows them (and the form puts the cursor in the first one to fix). */
export const DELIVERY_FIELDS: readonly {
  field: keyof ShippingAddress;
  label: string;
  autoComplete: string;
  type: 'text' | 'tel';
}[] = [
  { field: 'name', label: /*i18n*/ 'Name', autoComplete: 'name', type: 'text' },
  { field: 'phone', label: /*i18n*/ 'Phone', autoComplete: 'tel', type: 'tel' },
  { field: 'address', label: /*i18n*/ 'Address', autoComplete: 'street-address', type: 'text' },
];

/** What the customer typed in the delivery fields of `form`, and whether to save it for next time. */
export function typedDelivery(form: HTMLFormElement): { typed: ShippingAddress; save: boolean } {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    typed: {
      name: text(DELIVERY_FIELD_NAMES.name),
      address: text(DELIVERY_FIELD_NAMES.address),
      phone: text(DELIVERY_FIELD_NAMES.phone),
    },
    save: data.has(DELIVERY_FIELD_NAMES.save),
  };
}

/** Puts the cursor in the first delivery field to fix. */
export function focusFirstDeliveryError(form: HTMLFormElement, errors: DeliveryErrors): void {
  const first = DELIVERY_FIELDS.find(({ field }) => errors[field])?.field;
  if (first) (form.elements.namedItem(DELIVERY_FIELD_NAMES[first]) as HTMLInputElement | null)?.focus();
}

/**
 * Where Buy Now or checkout sends the order (R-ORDER-ADDRESS, R-CHECKOUT): filled in from the profile (`saved`,
 * undefined while it loads) and editable; "Save for next time" keeps the address and phone in the profile with the order.
 */
export function DeliveryFields({ saved, errors }: { saved: ShippingAddress | undefined; errors: DeliveryErrors }) {
  const inPageLanguage = useInPageLanguage();
  const loading = saved === undefined;
  return (
    <fieldset className="fieldset gap-3 rounded-box border border-base-300 p-4" aria-busy={loading}>
      <legend className="fieldset-legend px-1 text-base">
        <Trans>Delivery details</Trans>
      </legend>
      {/* Keyed by the saved details, so the fields start from them once they arrive. */}
      <div key={loading ? 'loading' : 'saved'} className="grid gap-3 sm:grid-cols-2">
        {DELIVERY_FIELDS.map(({ field, label, autoComplete, type }) => (
          <div key={field} className={field === 'address' ? 'sm:col-span-2' : undefined}>
            <FormField
              label={inPageLanguage(label)}
              name={DELIVERY_FIELD_NAMES[field]}
              type={type}
              autoComplete={autoComplete}
              defaultValue={saved?.[field]}
              disabled={loading}
              error={errors[field]}
            />
          </div>
        ))}
      </div>
      <label className="label min-h-6 cursor-pointer gap-2 text-sm text-base-content">
        <input type="checkbox" name={DELIVERY_FIELD_NAMES.save} className="checkbox checkbox-primary" disabled={loading} />
        <Trans>Save for next time</Trans>
      </label>
    </fieldset>
  );
}
