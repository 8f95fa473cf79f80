import { z } from 'zod';
import { namedPlaceSchema } from './area.ts';
import { bdMobileSchema } from './consignment.ts';
import { LIMITS } from './limits.ts';
import { areaReference } from './quote.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';
import { profileInputSchema } from './user.ts';

/**
 * A merchant's stores (issue 41, R-STORES, decision 152): the pickup points its parcels leave from, each
 * with a name the merchant knows it by, the address and phone the rider comes to, and its area. One is the
 * default, where a booking that names none is picked up. A store is archived, never deleted: its parcels
 * keep pointing at it.
 */
export const STORE_MESSAGES = {
  notFound: /*i18n*/ 'No store of yours has this id.',
  archived: /*i18n*/ 'This store is archived: choose another of your stores.',
  tooMany: englishText(/*i18n*/ 'You have {max} stores already: archive one before adding another.', {
    max: LIMITS.merchantStoresMax,
  }),
  archiveDefault: /*i18n*/ 'This is your default store: make another store the default before archiving it.',
  noStore: /*i18n*/ 'Add a store first: your parcels are picked up at one of your stores.',
  name: /*i18n*/ 'Type the store’s name',
} as const;

const storeName = textField(/*i18n*/ 'Store name', { error: STORE_MESSAGES.name })
  .trim()
  .min(1, STORE_MESSAGES.name)
  .max(
    LIMITS.merchantTextMaxLength,
    englishText(/*i18n*/ '{field} must be at most {max} characters', {
      field: /*i18n*/ 'Store name',
      max: LIMITS.merchantTextMaxLength,
    }),
  );

/** `POST /api/v1/stores` and the Stores form: a new pickup point. */
export const storeInputSchema = z.object({
  name: storeName.describe('What the shop calls this pickup point (“Dhanmondi outlet”).'),
  phone: bdMobileSchema.describe('The number the rider calls at pickup.'),
  address: profileInputSchema.shape.address,
  areaId: areaReference(/*i18n*/ 'Store area').describe('The area id (`GET /api/v1/areas`) or an area’s name.'),
  isDefault: z
    .boolean({ error: /*i18n*/ 'isDefault must be true or false' })
    .optional()
    .describe('Make it the default store: bookings that name no store are picked up here.'),
});
export type StoreInput = z.input<typeof storeInputSchema>;
export type NewStore = z.output<typeof storeInputSchema>;

/** `PATCH /api/v1/stores/{id}`: the fields to change; `isDefault: true` makes it the default. */
export const storeChangeSchema = storeInputSchema.partial();
export type StoreChange = z.output<typeof storeChangeSchema>;

export const storeSchema = z.object({
  id: z.string().describe('The `storeId` a booking names.'),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  area: namedPlaceSchema,
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/** The merchant's stores not archived, the default first, then by name: at most `merchantStoresMax`. */
export const storeListSchema = z.object({ stores: z.array(storeSchema) });
export type StoreList = z.infer<typeof storeListSchema>;

export const storeIdParamsSchema = z.object({ id: z.uuid({ error: STORE_MESSAGES.notFound }) });
