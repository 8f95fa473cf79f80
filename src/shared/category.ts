import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';

/** A shelf of the catalogue (R-CATEGORY). */
export const categorySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryIdParamsSchema = z.object({ id: z.uuid({ error: 'category id must be a UUID' }) });

/** Adding or renaming a category (admin). */
export const categoryInputSchema = z.object({
  name: textField('Category name', { error: 'Category name is required' })
    .trim()
    .min(1, 'Category name is required')
    .max(LIMITS.categoryNameMaxLength, `Category name must be at most ${LIMITS.categoryNameMaxLength} characters`),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
