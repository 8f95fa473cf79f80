import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import {
  CATALOGUE_MESSAGES,
  type CatalogueQuery,
  catalogueSearch,
  priceRangeReversed,
  readCatalogueAddress,
} from '#shared/catalogue.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { PageButtons } from '#web/components/PageButtons.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFilterAddress } from '#web/lib/use-filter-address.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useCatalogue } from '../api/use-catalogue.ts';
import { useCategories } from '../api/use-categories.ts';
import { CardGrid } from '../components/CardGrid.tsx';
import { CatalogueFilters, type FilterChange } from '../components/CatalogueFilters.tsx';
import { ProductCard } from '../components/ProductCard.tsx';
import { ProductCardSkeleton } from '../components/ProductCardSkeleton.tsx';

/** At most this many placeholders while a page loads: one screen's worth. */
const SKELETONS = 8;

const addressOf = (query: CatalogueQuery) => {
  const search = catalogueSearch(query);
  return search ? `/products?${search}` : '/products';
};

/**
 * The catalogue (R-CATALOGUE): search, filters, order and page all live in the address, so a link or
 * the back button brings the same view back, and the server renders it with its products (R-SSR).
 * `signInFirst` as on the home grid (ProductCard).
 */
export function CataloguePage({ signInFirst }: { signInFirst: boolean }) {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  useDocumentTitle(t`Products`);
  const [parameters] = useSearchParams();
  const query = readCatalogueAddress(parameters);
  // The address drops a highest price below the lowest; the field keeps it and says why.
  const typedRange = { minPrice: parameters.get('minPrice'), maxPrice: parameters.get('maxPrice') };
  const reversedMaxPrice = priceRangeReversed(typedRange) ? (typedRange.maxPrice ?? undefined) : undefined;
  const catalogue = useCatalogue(query);
  const categories = useCategories();
  const address = useFilterAddress(addressOf(query));

  // A field left without a change (a price box losing focus) adds no step to the back button's history.
  const show = (next: CatalogueQuery) => address.show(addressOf(next));
  // Any new filter starts again at the first page.
  const change = (filters: FilterChange) => show({ ...query, ...filters, page: 1 });
  const goToPage = (page: number) => {
    show({ ...query, page });
    window.scrollTo({ top: 0 });
  };
  const filtered =
    query.q !== undefined ||
    query.category !== undefined ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.inStock;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:py-14" aria-labelledby="catalogue-heading">
      <h1 id="catalogue-heading" className="text-3xl font-bold tracking-wide text-primary sm:text-4xl">
        <Trans>Products</Trans>
      </h1>
      <div className="mt-6">
        <CatalogueFilters
          key={address.formKey}
          query={query}
          categories={categories.data ?? []}
          reversedMaxPrice={reversedMaxPrice}
          onChange={change}
        />
      </div>
      <p className="mt-6 min-h-6 text-sm text-base-content/80" aria-live="polite" data-testid="catalogue-total">
        {catalogue.data ? <Plural value={catalogue.data.total} one="# product" other="# products" /> : ''}
      </p>
      <h2 className="sr-only">
        <Trans>Results</Trans>
      </h2>
      <div className="mt-4">
        {catalogue.isPending ? (
          <div role="status" aria-label={t`Loading products`}>
            <CardGrid>
              {Array.from({ length: Math.min(query.pageSize, SKELETONS) }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: they are all alike and never reordered
                <ProductCardSkeleton key={index} />
              ))}
            </CardGrid>
          </div>
        ) : catalogue.isError ? (
          <LoadError what={t`the products`} onRetry={() => catalogue.refetch()} />
        ) : catalogue.data.items.length === 0 && catalogue.data.total > 0 ? (
          <div
            className="rounded-box border border-dashed border-base-300 px-6 py-14 text-center"
            data-testid="catalogue-past-end"
          >
            <h2 className="text-xl font-semibold">
              {inPageLanguage(CATALOGUE_MESSAGES.pageOutOfRange(query.page, Math.ceil(catalogue.data.total / query.pageSize)))}
            </h2>
            <Link to={addressOf({ ...query, page: 1 })} className="btn btn-primary mt-6">
              <Trans>Go to page 1</Trans>
            </Link>
          </div>
        ) : catalogue.data.items.length === 0 ? (
          <div className="rounded-box border border-dashed border-base-300 px-6 py-14 text-center" data-testid="catalogue-empty">
            <h2 className="text-xl font-semibold">
              {filtered ? <Trans>No products match these filters</Trans> : <Trans>No products yet</Trans>}
            </h2>
            <p className="mt-2 text-base-content/80">
              {filtered ? (
                <Trans>Check the spelling, widen the price range or choose another category.</Trans>
              ) : (
                <Trans>Please check back soon.</Trans>
              )}
            </p>
            {filtered ? (
              <Link to="/products" className="btn btn-primary mt-6">
                <Trans>Clear all filters</Trans>
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <CardGrid>
              {catalogue.data.items.map((product) => (
                <ProductCard key={product._id} product={product} signInFirst={signInFirst} />
              ))}
            </CardGrid>
            <PageButtons
              label={t`Catalogue pages`}
              page={query.page}
              pageSize={query.pageSize}
              total={catalogue.data.total}
              go={goToPage}
            />
          </>
        )}
      </div>
    </section>
  );
}
