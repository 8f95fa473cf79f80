import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import {
  CATALOGUE_MESSAGES,
  CATALOGUE_SORT_LABELS,
  CATALOGUE_SORTS,
  type CatalogueQuery,
  priceRangeReversed,
} from '#shared/catalogue.ts';
import type { Category } from '#shared/category.ts';
import { LIMITS } from '#shared/limits.ts';
import { SearchField } from '#web/components/SearchField.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/** A change of what the catalogue shows; the page puts it in the address (R-CATALOGUE). */
export type FilterChange = Partial<Omit<CatalogueQuery, 'page' | 'pageSize'>>;

const PRICE_FIELDS = [
  { name: 'minPrice', label: /*i18n*/ 'Lowest price ($)' },
  { name: 'maxPrice', label: /*i18n*/ 'Highest price ($)' },
] as const;

const amountOrNothing = (text: FormDataEntryValue | null) => {
  const value = String(text ?? '').trim();
  return value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
};

const RANGE_ERROR_ID = 'catalogue-price-range-error';

/** How many of the filters inside the disclosure are set, for its summary. */
const filtersSet = (query: CatalogueQuery) =>
  [query.category, query.minPrice, query.maxPrice].filter((value) => value !== undefined).length + (query.inStock ? 1 : 0);

/**
 * Search, category, price range, stock and order. The fields start from the address and the form is
 * drawn anew when the address changes by other means (useFilterAddress), so the back button restores
 * them too. Typing waits for Search or Enter; the other fields apply as soon as they change. On small
 * screens all but the search fold into a disclosure, so products show on the first screen; it is a
 * plain `<details>`, so it opens and the form submits without JavaScript too. A lowest price above the
 * highest is not applied: the highest price's field says so (`reversedMaxPrice`, from the address).
 */
export function CatalogueFilters({
  query,
  categories,
  reversedMaxPrice,
  onChange,
}: {
  query: CatalogueQuery;
  categories: Category[];
  reversedMaxPrice?: string;
  onChange: (change: FilterChange) => void;
}) {
  const { numberFieldType } = useFormat();
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [rangeReversed, setRangeReversed] = useState(reversedMaxPrice !== undefined);
  const set = filtersSet(query);
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.current) return;
    const data = new FormData(form.current);
    const reversed = priceRangeReversed({ minPrice: String(data.get('minPrice')), maxPrice: String(data.get('maxPrice')) });
    setRangeReversed(reversed);
    if (reversed) {
      if (disclosure.current) disclosure.current.open = true;
      return;
    }
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
    <search aria-label={t`Products`}>
      <form ref={form} onSubmit={apply} className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4">
        <SearchField
          id="catalogue-q"
          label={t`Search products`}
          defaultValue={query.q ?? ''}
          maxLength={LIMITS.searchMaxLength}
          placeholder={t`Search by name or description`}
        />
        <details
          ref={disclosure}
          open={reversedMaxPrice !== undefined}
          className="lg:[&::details-content]:[content-visibility:visible]"
        >
          <summary className="btn btn-outline btn-sm w-full justify-between lg:hidden">
            <Trans>
              Filters and sort{set > 0 ? <Trans> ({set} set)</Trans> : null}
              <span aria-hidden="true">▾</span>
            </Trans>
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:mt-0 lg:grid-cols-5 lg:items-start">
            <label className="flex flex-col gap-1 text-sm font-medium">
              <Trans>Category</Trans>
              <select name="category" defaultValue={query.category ?? ''} onChange={applyNow} className="select w-full">
                <option value="">
                  <Trans>All categories</Trans>
                </option>
                {categories.map((category) => (
                  <option key={category._id} value={category._id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </label>
            {PRICE_FIELDS.map((field) => {
              const wrong = field.name === 'maxPrice' && rangeReversed;
              return (
                <div key={field.name} className="flex flex-col gap-1">
                  <label htmlFor={`catalogue-${field.name}`} className="text-sm font-medium">
                    {inPageLanguage(field.label)}
                  </label>
                  <input
                    id={`catalogue-${field.name}`}
                    name={field.name}
                    type={numberFieldType}
                    inputMode="decimal"
                    min={0}
                    step="0.01"
                    defaultValue={(field.name === 'maxPrice' ? reversedMaxPrice : undefined) ?? query[field.name] ?? ''}
                    onBlur={applyNow}
                    aria-invalid={wrong || undefined}
                    aria-describedby={wrong ? RANGE_ERROR_ID : undefined}
                    className={`input w-full ${wrong ? 'input-error' : ''}`}
                  />
                  {field.name === 'maxPrice' ? (
                    <p id={RANGE_ERROR_ID} aria-live="polite" className="text-sm text-error">
                      {rangeReversed ? inPageLanguage(CATALOGUE_MESSAGES.priceRangeReversed) : ''}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <label className="flex flex-col gap-1 text-sm font-medium">
              <Trans>Sort by</Trans>
              <select name="sort" defaultValue={query.sort} onChange={applyNow} className="select w-full">
                {CATALOGUE_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {inPageLanguage(CATALOGUE_SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </label>
            <label className="label cursor-pointer gap-2 py-2 text-sm font-medium text-base-content lg:mt-6">
              <input
                name="inStock"
                type="checkbox"
                value="true"
                defaultChecked={query.inStock}
                onChange={applyNow}
                className="checkbox"
              />
              <Trans>In stock only</Trans>
            </label>
          </div>
        </details>
      </form>
    </search>
  );
}
