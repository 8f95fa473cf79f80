import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { productSchema } from './product.ts';
import { textField } from './text-field.ts';

/** The catalogue's orders (R-CATALOGUE); the first is the default. */
export const CATALOGUE_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

/*
 * Every parameter arrives as text and may be empty (`?q=&category=`), which means "not given". The
 * patterns accept the empty text so the OpenAPI document shows plain strings, and the transforms turn
 * them into the values the search uses.
 */
const AMOUNT = /^(\d{1,8}(\.\d{1,2})?)?$/;
const UUID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;
const orNothing =
  <T>(parse: (text: string) => T) =>
  (text: string) =>
    text === '' ? undefined : parse(text);

const amount = (field: string) =>
  z.string().trim().regex(AMOUNT, `${field} must be an amount like 19.99`).transform(orNothing(Number)).optional();

const wholeNumber = (field: string, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, `${field} must be a whole number from 1 to ${max}`)
    .refine(
      (text) => text === '' || (Number(text) >= 1 && Number(text) <= max),
      `${field} must be a whole number from 1 to ${max}`,
    )
    .transform((text) => (text === '' ? fallback : Number(text)))
    .optional()
    .transform((value) => value ?? fallback);

/** GET /api/products and the /products page's address: what to show (R-CATALOGUE, R-SEARCH). */
export const catalogueQuerySchema = z
  .object({
    q: textField('q')
      .max(LIMITS.searchMaxLength, `q must be at most ${LIMITS.searchMaxLength} characters`)
      // One space between words, none around: "  usb   dock " and "usb dock" are one search.
      .transform(orNothing((text) => text.trim().replace(/\s+/g, ' ') || undefined))
      .optional(),
    category: z
      .string()
      .trim()
      .regex(UUID, 'category must be a category id')
      .transform(orNothing((text) => text.toLowerCase()))
      .optional(),
    minPrice: amount('minPrice'),
    maxPrice: amount('maxPrice'),
    inStock: z
      .enum(['', 'true', 'false'], { error: 'inStock must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    sort: z
      .enum(['', ...CATALOGUE_SORTS], { error: `sort must be one of ${CATALOGUE_SORTS.join(', ')}` })
      .optional()
      .transform((value): CatalogueSort => (value === undefined || value === '' ? 'newest' : value)),
    page: wholeNumber('page', LIMITS.cataloguePageMax, 1),
    pageSize: wholeNumber('pageSize', LIMITS.cataloguePageSizeMax, LIMITS.cataloguePageSize),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    path: ['maxPrice'],
    message: 'maxPrice must be at least minPrice',
  });
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

/**
 * What an address asks for, as far as it makes sense: a parameter that is wrong (an old link, a typed
 * address) is dropped instead of refusing the whole page. The API refuses it with a 400 instead.
 */
export function readCatalogueAddress(parameters: URLSearchParams): CatalogueQuery {
  const given: Record<string, string> = {};
  for (const [name, value] of parameters) if (name in catalogueQuerySchema.shape) given[name] ??= value;
  let parsed = catalogueQuerySchema.safeParse(given);
  // Each round drops at least one named parameter, so this ends; a problem naming none leaves the defaults.
  while (!parsed.success) {
    const wrong = parsed.error.issues.map((issue) => String(issue.path[0])).filter((name) => name in given);
    if (wrong.length === 0) return catalogueQuerySchema.parse({});
    for (const name of wrong) delete given[name];
    parsed = catalogueQuerySchema.safeParse(given);
  }
  return parsed.data;
}
