import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** A shelf of the catalogue (R-CATEGORY). */
export const categorySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryIdParamsSchema = z.object({ id: z.uuid({ error: /*i18n*/ 'category id must be a UUID' }) });

/** Adding or renaming a category (admin). */
export const categoryInputSchema = z.object({
  name: textField(/*i18n*/ 'Category name', { error: /*i18n*/ 'Category name is required' })
    .trim()
    .min(1, /*i18n*/ 'Category name is required')
    .max(
      LIMITS.categoryNameMaxLength,
      englishText(/*i18n*/ 'Category name must be at most {max} characters', { max: LIMITS.categoryNameMaxLength }),
    ),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
