import { z } from 'zod';
import { decimalFromText } from './decimal-text.ts';
import { westernDigitsIn } from './digits.ts';
import { LIMITS } from './limits.ts';
import { atLeastOneOf } from './one-of-fields.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/**
 * A product as anyone may read it: the original client's field names, price in dollars (R-API, R-MONEY).
 * Who added it is left out (decision 46).
 */
export const productSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  price: z.number(),
  description: z.string(),
  maxQuantity: z.number().int(),
  minQuantity: z.number().int(),
  picture: z.string(),
  availableQuantity: z.number().int(),
  /** Its category (R-CATEGORY), or null when it has none. */
  categoryId: z.uuid().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** A product as the admin routes answer it: with the spec's `email` and `userName` of the admin who added it (decision 46). */
export const adminProductSchema = productSchema.extend({
  email: z.string(),
  userName: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productIdParamsSchema = z.object({ id: z.uuid({ error: /*i18n*/ 'product id must be a UUID' }) });

/**
 * A product field as its messages name it (the form's labels): plain words for the admin reading the
 * form, the same for an API client, which gets the field's key beside them.
 */
const FIELD_WORDS = {
  name: /*i18n*/ 'Name',
  price: /*i18n*/ 'Price',
  description: /*i18n*/ 'Description',
  minQuantity: /*i18n*/ 'Minimum quantity',
  maxQuantity: /*i18n*/ 'Maximum quantity',
  availableQuantity: /*i18n*/ 'Available quantity',
  categoryId: /*i18n*/ 'Category',
  picture: /*i18n*/ 'Picture',
} as const;

/** A category id the shop does not have, as a form field's message (R-CATEGORY). */
export const CATEGORY_UNKNOWN = englishText(/*i18n*/ '{field} must be one of the shop’s categories', {
  field: FIELD_WORDS.categoryId,
});

/** A whole number given as a number or as the text of a form field (decimal notation); an empty field is a missing one. */
const wholeNumber = (field: string, min: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : decimalFromText(value)),
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? englishText(/*i18n*/ '{field} is required', { field })
            : englishText(/*i18n*/ '{field} must be a number', { field }),
      })
      .min(min, englishText(/*i18n*/ '{field} must be at least {min}', { field, min }))
      .max(LIMITS.quantityMax, englishText(/*i18n*/ '{field} must be at most {max}', { field, max: LIMITS.quantityMax }))
      .int(englishText(/*i18n*/ '{field} must be a whole number', { field })),
  );

const PRICE_MAX_DOLLARS = LIMITS.priceMaxCents / 100;

/**
 * A picture is a web address; an uploaded file becomes one (/uploads/…) on the server, and the demo
 * products' pictures ship with the app (/images/products/…), so their edit form sends those back.
 */
export const pictureUrlSchema = textField(FIELD_WORDS.picture)
  .trim()
  .max(
    LIMITS.pictureUrlMaxLength,
    englishText(/*i18n*/ '{field} must be at most {max} characters', {
      field: FIELD_WORDS.picture,
      max: LIMITS.pictureUrlMaxLength,
    }),
  )
  .refine((value) => /^https?:\/\/\S+$/i.test(value) || /^\/(uploads|images\/products)\/[\w.-]+$/.test(value), {
    message: englishText(/*i18n*/ '{field} must be an http(s) address or an uploaded image', { field: FIELD_WORDS.picture }),
  });

/** The least each quantity of a product may be: an order is for one or more; stock may run out. */
export const QUANTITY_FLOORS = { minQuantity: 1, maxQuantity: 1, availableQuantity: 0 } as const;

/** Every product field but the picture, as Add Products and the admin's product update take them. */
const productFieldsSchema = z.object({
  name: textField(FIELD_WORDS.name, { error: englishText(/*i18n*/ '{field} is required', { field: FIELD_WORDS.name }) })
    .trim()
    .min(1, englishText(/*i18n*/ '{field} is required', { field: FIELD_WORDS.name }))
    .max(
      LIMITS.productNameMaxLength,
      englishText(/*i18n*/ '{field} must be at most {max} characters', {
        field: FIELD_WORDS.name,
        max: LIMITS.productNameMaxLength,
      }),
    ),
  price: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : westernDigitsIn(value)),
    textField(FIELD_WORDS.price, { error: englishText(/*i18n*/ '{field} is required', { field: FIELD_WORDS.price }) })
      .trim()
      .min(1, englishText(/*i18n*/ '{field} is required', { field: FIELD_WORDS.price }))
      .max(
        LIMITS.priceMaxLength,
        englishText(/*i18n*/ '{field} must be at most {max} characters', {
          field: FIELD_WORDS.price,
          max: LIMITS.priceMaxLength,
        }),
      )
      .regex(/^\d+(\.\d{1,2})?$/, englishText(/*i18n*/ '{field} must be an amount like 19.99', { field: FIELD_WORDS.price }))
      .refine((value) => Number(value) > 0, englishText(/*i18n*/ '{field} must be more than 0', { field: FIELD_WORDS.price }))
      .refine(
        (value) => Number(value) <= PRICE_MAX_DOLLARS,
        englishText(/*i18n*/ '{field} must be at most {max}', { field: FIELD_WORDS.price, max: PRICE_MAX_DOLLARS }),
      ),
  ),
  description: textField(FIELD_WORDS.description, {
    error: englishText(/*i18n*/ '{field} is required', { field: FIELD_WORDS.description }),
  })
    .trim()
    .min(1, englishText(/*i18n*/ '{field} is required', { field: FIELD_WORDS.description }))
    .max(
      LIMITS.productDescriptionMaxLength,
      englishText(/*i18n*/ '{field} must be at most {max} characters', {
        field: FIELD_WORDS.description,
        max: LIMITS.productDescriptionMaxLength,
      }),
    ),
  minQuantity: wholeNumber(FIELD_WORDS.minQuantity, QUANTITY_FLOORS.minQuantity),
  maxQuantity: wholeNumber(FIELD_WORDS.maxQuantity, QUANTITY_FLOORS.maxQuantity),
  availableQuantity: wholeNumber(FIELD_WORDS.availableQuantity, QUANTITY_FLOORS.availableQuantity),
  /** Left out: unchanged (a new product has none); empty or null: no category (R-CATEGORY). */
  categoryId: z.preprocess((value) => (value === '' ? null : value), z.uuid({ error: CATEGORY_UNKNOWN }).nullable().optional()),
});

const quantitiesInOrder = (product: { minQuantity: number; maxQuantity: number }) => product.minQuantity <= product.maxQuantity;
const quantitiesOutOfOrder = {
  path: ['maxQuantity'],
  message: englishText(/*i18n*/ '{field} must be at least the minimum quantity', { field: FIELD_WORDS.maxQuantity }),
};

/** The admin's product update (PUT /api/purchase/{id}) and Add Products with a picture address. */
export const productInputSchema = productFieldsSchema
  .extend({ picture: pictureUrlSchema })
  .refine(quantitiesInOrder, quantitiesOutOfOrder);
export type ProductInput = z.infer<typeof productInputSchema>;

/** The form field that carries an uploaded picture (multipart/form-data on POST /api/addProduct). */
export const PICTURE_FILE_FIELD = 'pictureFile';

export const PICTURE_FILE_MESSAGES = {
  type: englishText(/*i18n*/ '{field} must be a JPEG, PNG or WebP image', { field: FIELD_WORDS.picture }),
  size: englishText(/*i18n*/ '{field} must be at most {megabytes} MB', {
    field: FIELD_WORDS.picture,
    megabytes: LIMITS.uploadMaxBytes / (1024 * 1024),
  }),
  missing: englishText(/*i18n*/ '{field} is required: give an http(s) address or upload an image', {
    field: FIELD_WORDS.picture,
  }),
} as const;

/**
 * Add Products: the same fields, with the picture either an address or left empty when an image
 * file comes with the form. `pictureFile` is whatever each side holds a file as (a browser File,
 * a server Buffer); each side checks it and then requires one of the two.
 */
export function newProductSchema<File extends z.ZodType>(pictureFile: File) {
  return productFieldsSchema
    .extend({
      picture: z.preprocess((value) => (value === '' ? undefined : value), pictureUrlSchema.optional()),
      [PICTURE_FILE_FIELD]: pictureFile.optional(),
    })
    .refine(quantitiesInOrder, quantitiesOutOfOrder)
    .refine((product) => product.picture !== undefined || product[PICTURE_FILE_FIELD] !== undefined, {
      path: ['picture'],
      message: PICTURE_FILE_MESSAGES.missing,
    })
    .meta(atLeastOneOf('picture', PICTURE_FILE_FIELD));
}
