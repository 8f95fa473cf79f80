import { z } from 'zod';
import { PUBLIC_READS, type PublicAnswer, type PublicReads } from '#server/cache/public-reads.ts';
import type { Database } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { type Category, type CategoryInput, categorySchema } from '#shared/category.ts';
import { type CategoryRow, deleteCategory, findCategory, insertCategory, listCategories, renameCategory } from './repository.ts';

const CATEGORY_NOT_FOUND = /*i18n*/ 'Category not found: it may have been deleted.';
const nameTaken = (name: string) => `A category called ${name} exists already.`;

const toCategory = (row: CategoryRow): Category => ({ _id: row.id, name: row.name });

/** PostgreSQL's unique_violation: a rename onto a name another category has (R-CATEGORY). */
const isNameTaken = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** By name: the catalogue's filter, the product forms and the sitemap's shelves (R-CATEGORY, R-SEO). */
export async function listShopCategories(db: Database): Promise<Category[]> {
  return (await listCategories(db)).map(toCategory);
}

/** The categories as served to the catalogue's filter and the product forms, kept until one changes. */
export function categoriesAnswer(db: Database, reads: PublicReads): PublicAnswer | Promise<PublicAnswer> {
  return reads.answer(PUBLIC_READS.categories, z.array(categorySchema), () => listShopCategories(db));
}

/** A product may only be put in a category that exists (R-CATEGORY). */
export async function categoryExists(db: Database, id: string): Promise<boolean> {
  return (await findCategory(db, id)) !== undefined;
}

export async function addCategory(db: Database, input: CategoryInput): Promise<Category> {
  const row = await insertCategory(db, input.name);
  if (!row) throw conflict(nameTaken(input.name));
  return toCategory(row);
}

export async function changeCategory(db: Database, id: string, input: CategoryInput): Promise<Category> {
  if (!(await categoryExists(db, id))) throw notFound(CATEGORY_NOT_FOUND);
  try {
    const row = await renameCategory(db, id, input.name);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return toCategory(row);
  } catch (error) {
    if (isNameTaken(error)) throw conflict(nameTaken(input.name));
    throw error;
  }
}

/** Its products stay in the shop, uncategorised (R-CATEGORY). */
export async function removeCategory(db: Database, id: string): Promise<Category> {
  const row = await deleteCategory(db, id);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return toCategory(row);
}
