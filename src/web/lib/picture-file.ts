import { z } from 'zod';
import { LIMITS, UPLOAD_IMAGE_TYPES } from '#shared/limits.ts';
import { PICTURE_FILE_MESSAGES } from '#shared/product.ts';

const isImageType = (type: string): boolean => (UPLOAD_IMAGE_TYPES as readonly string[]).includes(type);

/** A chosen picture file, checked here so a wrong one is named before it is sent (the server checks again). */
export const pictureFile = z.preprocess(
  (value) => (value instanceof FileList ? (value[0] ?? undefined) : value),
  z
    .instanceof(File)
    .refine((file) => isImageType(file.type), PICTURE_FILE_MESSAGES.type)
    .refine((file) => file.size <= LIMITS.uploadMaxBytes, PICTURE_FILE_MESSAGES.size)
    .optional(),
);

/** JSON when no file goes with the form; multipart/form-data with the file in `fileField` when one does. */
export function formWithPicture(values: Record<string, unknown>, fileField: string): Record<string, unknown> | FormData {
  const { [fileField]: file, ...fields } = values;
  if (!(file instanceof File)) return fields;
  const form = new FormData();
  // A field set to none (no category) travels empty, which the schemas read as none.
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, value === null ? '' : String(value));
  form.append(fileField, file);
  return form;
}
