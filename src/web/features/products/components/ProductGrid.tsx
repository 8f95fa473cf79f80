import { Trans, useLingui } from '@lingui/react/macro';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useProducts } from '../api/use-products.ts';
import { selectHomeProducts } from '../home-selection.ts';
import { CardGrid } from './CardGrid.tsx';
import { ProductCard } from './ProductCard.tsx';

/** The home grid (R-GRID); `signInFirst` when the viewer is a visitor (see ProductCard). */
export function ProductGrid({ signInFirst }: { signInFirst: boolean }) {
  const { t } = useLingui();
  const products = useProducts();
  if (products.isPending) return <Spinner label={t`Loading products`} />;
  if (products.isError) return <LoadError what={t`the products`} onRetry={() => products.refetch()} />;
  const shown = selectHomeProducts(products.data);
  if (shown.length === 0)
    return (
      <p className="py-12 text-center text-base-content/70">
        <Trans>No products are on sale right now. Please check back soon.</Trans>
      </p>
    );
  return (
    <CardGrid>
      {shown.map((product) => (
        <ProductCard key={product._id} product={product} signInFirst={signInFirst} />
      ))}
    </CardGrid>
  );
}
