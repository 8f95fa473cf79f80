import { z } from 'zod';
import type { Viewer } from '#server/auth/plugin.ts';
import { PUBLIC_READS, type PublicAnswer, type PublicReads } from '#server/cache/public-reads.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { type CataloguePage, type CatalogueQuery, cataloguePageSchema, catalogueSearch } from '#shared/catalogue.ts';
import { LIMITS } from '#shared/limits.ts';
import { dollarsToCents } from '#shared/money.ts';
import { type AdminProduct, CATEGORY_UNKNOWN, type Product, type ProductInput, productSchema } from '#shared/product.ts';
import { categoryExists } from '../categories/service.ts';
import type { CatalogueInMemory } from './catalogue-in-memory.ts';
import { toAdminProduct, toProduct } from './mapping.ts';
import { deleteProduct, insertProduct, listProducts, type ProductChanges, updateProduct } from './repository.ts';
import { findProduct } from './stock.ts';

export const PRODUCT_NOT_FOUND = /*i18n*/ 'Product not found: it may have been removed from the shop.';

const toChanges = (input: ProductInput): ProductChanges => ({
  name: input.name,
  priceCents: dollarsToCents(Number(input.price)),
  description: input.description,
  minQuantity: input.minQuantity,
  maxQuantity: input.maxQuantity,
  availableQuantity: input.availableQuantity,
  picture: input.picture,
  // Left out, it stays as it is (R-CATEGORY): clients written for the original calls (R-API) know no categories.
  ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
});

/** A product may only be put in a category that exists; the form names the field. */
async function checkCategory(db: Database, input: ProductInput): Promise<void> {
  if (input.categoryId && !(await categoryExists(db, input.categoryId))) {
    throw badRequest(CATEGORY_UNKNOWN, { categoryId: CATEGORY_UNKNOWN });
  }
}

const catalogueSchema = z.array(productSchema);

async function listCatalogue(db: Database): Promise<Product[]> {
  return (await listProducts(db)).map(toProduct);
}

async function getProduct(db: Database, id: string): Promise<Product> {
  const row = await findProduct(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row);
}

/** R-SEO: each product's id and when it last changed, for the sitemap, oldest first. */
export async function productsLastChanged(db: Database): Promise<{ id: string; updatedAt: Date }[]> {
  return (await listProducts(db)).map(({ id, updatedAt }) => ({ id, updatedAt }));
}

/** The catalogue as served: read from the database once per change, not once per visitor. */
export function catalogueAnswer(db: Database, reads: PublicReads): PublicAnswer | Promise<PublicAnswer> {
  return reads.answer(PUBLIC_READS.catalogue, catalogueSchema, () => listCatalogue(db));
}

/** One product as served; an unknown id is a 404 every time, never kept. */
export function productAnswer(db: Database, reads: PublicReads, id: string): PublicAnswer | Promise<PublicAnswer> {
  return reads.answer(PUBLIC_READS.product(id), productSchema, () => getProduct(db, id));
}

/** The newest other products of the product's category; none for a product without one (R-PRODUCT-PAGE). */
async function relatedProducts(db: Database, catalogue: CatalogueInMemory, id: string): Promise<Product[]> {
  const { categoryId } = await getProduct(db, id);
  if (!categoryId) return [];
  const { rows } = await catalogue.search({
    categoryId,
    inStock: false,
    sort: 'newest',
    // One more than shown, in case the product itself is among them.
    limit: LIMITS.relatedProductsMax + 1,
    offset: 0,
  });
  return rows
    .map(toProduct)
    .filter((product) => product._id !== id)
    .slice(0, LIMITS.relatedProductsMax);
}

/** A product page's related products as served, kept like the product itself; an unknown id is a 404. */
export function relatedProductsAnswer(
  db: Database,
  catalogue: CatalogueInMemory,
  reads: PublicReads,
  id: string,
): PublicAnswer | Promise<PublicAnswer> {
  return reads.answer(PUBLIC_READS.relatedProducts(id), catalogueSchema, () => relatedProducts(db, catalogue, id));
}

async function searchCatalogue(catalogue: CatalogueInMemory, query: CatalogueQuery): Promise<CataloguePage> {
  const { rows, total } = await catalogue.search({
    text: query.q,
    categoryId: query.category,
    minPriceCents: query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice),
    inStock: query.inStock,
    sort: query.sort,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toProduct), total, page: query.page, pageSize: query.pageSize };
}

/**
 * One page of the catalogue's search as served, kept per normalised query (R-CATALOGUE): the search is
 * not case-sensitive, so neither is its key. Any product change drops every page (decision 9).
 */
export function cataloguePageAnswer(
  catalogue: CatalogueInMemory,
  reads: PublicReads,
  query: CatalogueQuery,
): PublicAnswer | Promise<PublicAnswer> {
  const key = catalogueSearch({ ...query, q: query.q?.toLowerCase() });
  return reads.answer(PUBLIC_READS.cataloguePage(key), cataloguePageSchema, () => searchCatalogue(catalogue, query));
}

/** The owner shown on a product is the admin who added it, whatever the form said. */
export async function addProduct(db: Database, admin: Viewer, input: ProductInput): Promise<AdminProduct> {
  await checkCategory(db, input);
  return toAdminProduct(await insertProduct(db, { ...toChanges(input), ownerEmail: admin.email, ownerName: admin.name }));
}

/** An admin's edit of a product; stock set here is the new stock, orders reserve from it afterwards. */
export async function editProduct(db: Database, id: string, input: ProductInput): Promise<AdminProduct> {
  await checkCategory(db, input);
  const row = await updateProduct(db, id, toChanges(input));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toAdminProduct(row);
}

/** Orders already placed keep their own name, picture and price; their product link becomes empty. */
export async function removeProduct(db: Database, id: string): Promise<AdminProduct> {
  const row = await deleteProduct(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toAdminProduct(row);
}
