import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** A product as the API returns it: the spec's field names, price in dollars. */
export const productSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  price: z.number(),
  description: z.string(),
  maxQuantity: z.number().int(),
  minQuantity: z.number().int(),
  picture: z.string(),
  availableQuantity: z.number().int(),
  email: z.string(),
  userName: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productIdParamsSchema = z.object({ id: z.uuid({ error: 'product id must be a UUID' }) });

const wholeNumber = (field: string, min: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(1_000_000, `${field} must be at most 1000000`);

/** A picture is a web address; an uploaded file becomes one (/uploads/…) on the server. */
export const pictureUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.pictureUrlMaxLength)
  .refine((value) => /^https?:\/\/\S+$/i.test(value) || /^\/uploads\/[\w.-]+$/.test(value), {
    message: 'picture must be an http(s) address or an uploaded image',
  });

/** Add Products and the admin's product update (PUT /api/purchase/{id}) share this rule set. */
export const productInputSchema = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(LIMITS.productNameMaxLength),
    price: z.preprocess(
      (value) => (typeof value === 'number' ? String(value) : value),
      z
        .string({ error: 'price is required' })
        .trim()
        .min(1, 'price is required')
        .max(LIMITS.priceMaxLength, `price must be at most ${LIMITS.priceMaxLength} characters`)
        .regex(/^\d+(\.\d{1,2})?$/, 'price must be an amount like 19.99')
        .refine((value) => Number(value) > 0, 'price must be more than 0'),
    ),
    description: z.string().trim().min(1, 'description is required').max(LIMITS.productDescriptionMaxLength),
    minQuantity: wholeNumber('minQuantity', 1),
    maxQuantity: wholeNumber('maxQuantity', 1),
    availableQuantity: wholeNumber('availableQuantity', 0),
    picture: pictureUrlSchema,
  })
  .refine((product) => product.minQuantity <= product.maxQuantity, {
    path: ['maxQuantity'],
    message: 'maxQuantity must be at least minQuantity',
  });
export type ProductInput = z.infer<typeof productInputSchema>;
