import { type ShippingAddress, shippingAddressSchema } from '#shared/shipping-address.ts';
import { ApiError } from './api-client.ts';

/** What is wrong with each delivery field, in the profile page's words (R-ORDER-ADDRESS). */
export type DeliveryErrors = Partial<Record<keyof ShippingAddress, string>>;

const FIELDS: readonly (keyof ShippingAddress)[] = ['name', 'address', 'phone'];

/**
 * Delivery details (Buy Now's, or an admin's in Manage Orders) checked with the shared rules: the address
 * to send, or what to fix. The purchase page loads this file only when Buy Now is pressed (R-BUDGETS).
 */
export function checkDelivery(typed: ShippingAddress): { address: ShippingAddress } | { errors: DeliveryErrors } {
  const parsed = shippingAddressSchema.safeParse(typed);
  if (parsed.success) return { address: parsed.data };
  const errors: DeliveryErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's messages about `shippingAddress.{field}` (a 400's fields), under the form's own fields. */
export function deliveryErrorsOf(error: unknown): DeliveryErrors {
  const errors: DeliveryErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const field of FIELDS) {
    const message = error.fields?.[`shippingAddress.${field}`];
    if (message) errors[field] = message;
  }
  return errors;
}
