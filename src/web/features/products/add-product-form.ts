import { z } from 'zod';
import { LIMITS, UPLOAD_IMAGE_TYPES } from '#shared/limits.ts';
import { newProductSchema, PICTURE_FILE_FIELD, PICTURE_FILE_MESSAGES } from '#shared/product.ts';

const isImageType = (type: string): boolean => (UPLOAD_IMAGE_TYPES as readonly string[]).includes(type);

/** The chosen picture file, checked here so a wrong one is named before it is sent (the server checks again). */
const pictureFile = z.preprocess(
  (value) => (value instanceof FileList ? (value[0] ?? undefined) : value),
  z
    .instanceof(File)
    .refine((file) => isImageType(file.type), PICTURE_FILE_MESSAGES.type)
    .refine((file) => file.size <= LIMITS.uploadMaxBytes, PICTURE_FILE_MESSAGES.size)
    .optional(),
);

/** Add Products and the edit form (R-EDIT): the server's rules, with the picture given as an address or as a file. */
export const addProductFormSchema = newProductSchema(pictureFile);
export type AddProductFormInput = z.input<typeof addProductFormSchema>;
export type AddProductFormOutput = z.output<typeof addProductFormSchema>;

export const EMPTY_PRODUCT_FORM = {
  name: '',
  price: '',
  description: '',
  minQuantity: '',
  maxQuantity: '',
  availableQuantity: '',
  picture: '',
  categoryId: '',
} satisfies AddProductFormInput;

/** JSON when the picture is an address; multipart/form-data when a file goes with it. */
export function addProductRequestBody(product: AddProductFormOutput): Record<string, unknown> | FormData {
  const { [PICTURE_FILE_FIELD]: file, ...fields } = product;
  if (!file) return fields;
  const form = new FormData();
  // No category travels as an empty field, which the schema reads as none.
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, value === null ? '' : String(value));
  form.append(PICTURE_FILE_FIELD, file);
  return form;
}
