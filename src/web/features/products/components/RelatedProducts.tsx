import { Trans } from '@lingui/react/macro';
import { useRelatedProducts } from '../api/use-related-products.ts';
import { CardGrid } from './CardGrid.tsx';
import { ProductCard } from './ProductCard.tsx';

/**
 * Up to four other products of the product's category, in the grid's cards (R-PRODUCT-PAGE); nothing when
 * there are none. Their Order Now leads to their page, for visitors too (its Buy Now asks them to sign in),
 * so nothing here changes when the session check answers and the part can hydrate when the browser is idle.
 */
export function RelatedProducts({ productId }: { productId: string }) {
  const related = useRelatedProducts(productId);
  if (!related.data?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="space-y-6">
      <h2 id="related-heading" className="text-2xl font-bold text-primary">
        <Trans>More in this category</Trans>
      </h2>
      <CardGrid>
        {related.data.map((product) => (
          <ProductCard key={product._id} product={product} signInFirst={false} />
        ))}
      </CardGrid>
    </section>
  );
}
