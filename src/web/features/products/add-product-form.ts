import type { z } from 'zod';
import { newProductSchema, PICTURE_FILE_FIELD } from '#shared/product.ts';
import { formWithPicture, pictureFile } from '#web/lib/picture-file.ts';

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
  return formWithPicture(product, PICTURE_FILE_FIELD);
}
