import { z } from 'zod';
import { nameSchema } from './auth.ts';
import { profileInputSchema } from './user.ts';

/**
 * R-ORDER-ADDRESS: where an order goes. The address and phone follow the profile page's rules and
 * messages, the name the sign-up rule, so Buy Now and the profile refuse the same things in the same words.
 */
export const shippingAddressSchema = z.object({
  name: nameSchema,
  address: profileInputSchema.shape.address,
  phone: profileInputSchema.shape.phoneNumber,
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** How an order shows it: a copy taken at purchase (docs/decisions/0033), or null when none was given yet. */
export const orderShippingAddressSchema = z.object({ name: z.string(), address: z.string(), phone: z.string() }).nullable();
