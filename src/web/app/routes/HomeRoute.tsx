import { ProductGrid } from '../../features/products/components/ProductGrid.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The home page: the marketing sections around the product grid and the testimonials. */
export function HomeRoute() {
  useDocumentTitle();
  return (
    <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="products-heading">
      <h2 id="products-heading" className="text-center text-3xl font-bold tracking-wide text-primary">
        OUR PRODUCTS
      </h2>
      <div className="mt-10">
        <ProductGrid />
      </div>
    </section>
  );
}
