import { z } from 'zod';
import { orNothing, readAddress, wholeNumber } from './address-query.ts';
import { withWesternDigits } from './digits.ts';
import { LIMITS } from './limits.ts';
import { productSchema } from './product.ts';
import { textField } from './text-field.ts';
import { englishText } from './translate.ts';

/** The catalogue's orders (R-CATALOGUE); the first is the default. */
export const CATALOGUE_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: /*i18n*/ 'Newest',
  'price-asc': /*i18n*/ 'Price: low to high',
  'price-desc': /*i18n*/ 'Price: high to low',
  name: /*i18n*/ 'Name',
};

const AMOUNT = /^(\d{1,8}(\.\d{1,2})?)?$/;
const UUID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;

const amount = (field: string) =>
  z
    .string()
    .transform(withWesternDigits)
    .pipe(z.string().trim().regex(AMOUNT, englishText(/*i18n*/ '{field} must be an amount like 19.99', { field })))
    .transform(orNothing(Number))
    .optional();

/** The catalogue page's texts (R-CATALOGUE), here rather than in messages.ts so the home page never loads them. */
export const CATALOGUE_MESSAGES = {
  /** The price range the wrong way round: shown under the highest price. */
  priceRangeReversed: /*i18n*/ 'The highest price must be at least the lowest price.',
  /** A page past the last one, from an old link or a typed address. */
  pageOutOfRange: (page: number, pages: number) =>
    pages === 1
      ? englishText(/*i18n*/ 'There is no page {page}: these products fill {pages} page.', { page, pages })
      : englishText(/*i18n*/ 'There is no page {page}: these products fill {pages} pages.', { page, pages }),
} as const;

/** The price range's rule (R-CATALOGUE): the lowest price is at most the highest. */
const PRICE_RANGE_IN_ORDER: [(range: { minPrice?: number; maxPrice?: number }) => boolean, { path: string[]; message: string }] =
  [
    (range) => range.minPrice === undefined || range.maxPrice === undefined || range.minPrice <= range.maxPrice,
    { path: ['maxPrice'], message: /*i18n*/ 'maxPrice must be at least minPrice' },
  ];

/** The lowest and highest price as the filters' fields and the address give them. */
export const priceRangeSchema = z
  .object({ minPrice: amount('minPrice'), maxPrice: amount('maxPrice') })
  .refine(...PRICE_RANGE_IN_ORDER);

/** Whether both prices are amounts and the lowest is above the highest: a field message, never a silent change. */
export function priceRangeReversed(range: { minPrice?: string | null; maxPrice?: string | null }): boolean {
  const parsed = priceRangeSchema.safeParse({ minPrice: range.minPrice ?? undefined, maxPrice: range.maxPrice ?? undefined });
  return parsed.error?.issues.some((issue) => issue.code === 'custom') ?? false;
}

/** GET /api/products and the /products page's address: what to show (R-CATALOGUE, R-SEARCH). */
export const catalogueQuerySchema = z
  .object({
    q: textField('q')
      .max(LIMITS.searchMaxLength, englishText(/*i18n*/ 'q must be at most {max} characters', { max: LIMITS.searchMaxLength }))
      // One space between words, none around: "  usb   dock " and "usb dock" are one search.
      .transform(orNothing((text) => text.trim().replace(/\s+/g, ' ') || undefined))
      .optional(),
    category: z
      .string()
      .trim()
      .regex(UUID, /*i18n*/ 'category must be a category id')
      .transform(orNothing((text) => text.toLowerCase()))
      .optional(),
    ...priceRangeSchema.shape,
    inStock: z
      .enum(['', 'true', 'false'], { error: /*i18n*/ 'inStock must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    sort: z
      .enum(['', ...CATALOGUE_SORTS], {
        error: englishText(/*i18n*/ 'sort must be one of {values}', { values: CATALOGUE_SORTS.join(', ') }),
      })
      .optional()
      .transform((value): CatalogueSort => (value === undefined || value === '' ? 'newest' : value)),
    page: wholeNumber('page', LIMITS.cataloguePageMax, 1),
    pageSize: wholeNumber('pageSize', LIMITS.cataloguePageSizeMax, LIMITS.cataloguePageSize),
  })
  .refine(...PRICE_RANGE_IN_ORDER);
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/** One page of the catalogue and how many products match in all. */
export const cataloguePageSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CataloguePage = z.infer<typeof cataloguePageSchema>;

/**
 * The query as address parameters in a fixed order, defaults left out: the same search is always the
 * same text, so it names one page address, one cached answer in the browser and one on the server.
 */
export function catalogueSearch(query: CatalogueQuery): string {
  const parameters = new URLSearchParams();
  if (query.q) parameters.set('q', query.q);
  if (query.category) parameters.set('category', query.category);
  if (query.minPrice !== undefined) parameters.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) parameters.set('maxPrice', String(query.maxPrice));
  if (query.inStock) parameters.set('inStock', 'true');
  if (query.sort !== 'newest') parameters.set('sort', query.sort);
  if (query.page !== 1) parameters.set('page', String(query.page));
  if (query.pageSize !== LIMITS.cataloguePageSize) parameters.set('pageSize', String(query.pageSize));
  return parameters.toString();
}

/** What the /products page's address asks for; a wrong parameter is dropped (the API refuses it with a 400). */
export function readCatalogueAddress(parameters: URLSearchParams): CatalogueQuery {
  return readAddress(catalogueQuerySchema, Object.keys(catalogueQuerySchema.shape), parameters);
}
