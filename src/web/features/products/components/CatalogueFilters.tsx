import { type FormEvent, useRef } from 'react';
import { CATALOGUE_SORT_LABELS, CATALOGUE_SORTS, type CatalogueQuery } from '#shared/catalogue.ts';
import type { Category } from '#shared/category.ts';
import { LIMITS } from '#shared/limits.ts';

/** A change of what the catalogue shows; the page puts it in the address (R-CATALOGUE). */
export type FilterChange = Partial<Omit<CatalogueQuery, 'page' | 'pageSize'>>;

const PRICE_FIELDS = [
  { name: 'minPrice', label: 'Lowest price ($)' },
  { name: 'maxPrice', label: 'Highest price ($)' },
] as const;

const amountOrNothing = (text: FormDataEntryValue | null) => {
  const value = String(text ?? '').trim();
  return value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
};

/**
 * Search, category, price range, stock and order. The fields start from the address and the form is
 * drawn anew when the address changes by other means (useFilterAddress), so the back button restores
 * them too. Typing waits for Search or Enter; the other fields apply as soon as they change.
 */
export function CatalogueFilters({
  query,
  categories,
  onChange,
}: {
  query: CatalogueQuery;
  categories: Category[];
  onChange: (change: FilterChange) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.current) return;
    const data = new FormData(form.current);
    onChange({
      q: String(data.get('q') ?? '').trim() || undefined,
      category: String(data.get('category') ?? '') || undefined,
      minPrice: amountOrNothing(data.get('minPrice')),
      maxPrice: amountOrNothing(data.get('maxPrice')),
      inStock: data.get('inStock') === 'true',
      sort: (data.get('sort') as CatalogueQuery['sort'] | null) ?? 'newest',
    });
  };
  const applyNow = () => form.current?.requestSubmit();

  return (
    <search aria-label="Products">
      <form ref={form} onSubmit={apply} className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4">
        <div className="join w-full">
          <label htmlFor="catalogue-q" className="sr-only">
            Search products
          </label>
          <input
            id="catalogue-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={LIMITS.searchMaxLength}
            placeholder="Search by name or description"
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Category
            <select name="category" defaultValue={query.category ?? ''} onChange={applyNow} className="select w-full">
              <option value="">All categories</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
          {PRICE_FIELDS.map((field) => (
            <label key={field.name} className="flex flex-col gap-1 text-sm font-medium">
              {field.label}
              <input
                name={field.name}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                defaultValue={query[field.name] ?? ''}
                onBlur={applyNow}
                className="input w-full"
              />
            </label>
          ))}
          <label className="flex flex-col gap-1 text-sm font-medium">
            Sort by
            <select name="sort" defaultValue={query.sort} onChange={applyNow} className="select w-full">
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CATALOGUE_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          <label className="label cursor-pointer gap-2 py-2 text-sm font-medium text-base-content">
            <input
              name="inStock"
              type="checkbox"
              value="true"
              defaultChecked={query.inStock}
              onChange={applyNow}
              className="checkbox"
            />
            In stock only
          </label>
        </div>
      </form>
    </search>
  );
}
