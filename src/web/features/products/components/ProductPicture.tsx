import { pictureSrcSet } from '#shared/picture.ts';
import type { Product } from '#shared/product.ts';

/**
 * A product's picture in the sizes the shop makes of it (R-IMAGES): a card's, loaded when it comes
 * near, or the product page's, its largest picture (LCP), fetched first.
 */
export function ProductPicture({ product, sizes, onPage = false }: { product: Product; sizes: string; onPage?: boolean }) {
  return (
    <img
      src={product.picture}
      srcSet={pictureSrcSet(product.picture)}
      sizes={sizes}
      alt={product.name}
      width={onPage ? 800 : 400}
      height={onPage ? 600 : 300}
      loading={onPage ? undefined : 'lazy'}
      fetchPriority={onPage ? 'high' : undefined}
      className={`h-full w-full object-contain ${onPage ? 'p-6' : 'p-4'}`}
    />
  );
}
