import { Trans } from '@lingui/react/macro';
import { useContext } from 'react';
import { Link } from 'react-router';
import type { Product } from '#shared/product.ts';
import { truncateWithEllipsis } from '#shared/text.ts';
import { DISPLAY_LIMITS } from '#web/lib/ui-settings.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { ProductActionContext } from '../product-action.ts';
import { minimumOrderWords } from '../quantity-words.ts';
import { ProductPicture } from './ProductPicture.tsx';

/**
 * The picture and the name lead to the product's page for everyone (R-PRODUCT-PAGE). `signInFirst`: a
 * visitor's Order Now leads to /login, which returns to the product (R-ROUTES).
 */
export function ProductCard({ product, signInFirst }: { product: Product; signInFirst: boolean }) {
  const inPageLanguage = useInPageLanguage();
  const { price } = useFormat();
  const action = useContext(ProductActionContext);
  const productPath = `/purchase/${product._id}`;
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md" data-testid="product-card">
      <figure className="aspect-[4/3] bg-base-200">
        {/* Out of the tab order: the name below is the same link, one stop per card for keyboards. */}
        <Link to={productPath} tabIndex={-1} className="size-full">
          <ProductPicture product={product} sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw" />
        </Link>
      </figure>
      <div className="card-body gap-2 p-5">
        <h3 className="card-title text-lg leading-snug" title={product.name}>
          <Link to={productPath} className="link-hover">
            {truncateWithEllipsis(product.name, DISPLAY_LIMITS.nameLength)}
          </Link>
        </h3>
        <p className="text-sm text-base-content/80">{product.description}</p>
        <p className="text-sm font-medium">
          <Trans>Available in : {product.availableQuantity}</Trans>
        </p>
        {product.minQuantity > 1 && <p className="text-sm">{inPageLanguage(minimumOrderWords(product.minQuantity))}</p>}
        <p className="text-lg font-semibold text-primary">
          <Trans>Price : {price(product.price)}</Trans>
        </p>
        <div className="card-actions mt-2 flex-col">
          <Link
            to={signInFirst ? '/login' : productPath}
            state={signInFirst ? { from: productPath } : undefined}
            className="btn btn-primary btn-block"
          >
            <Trans>Order Now</Trans>
          </Link>
          {action(product)}
        </div>
      </div>
    </article>
  );
}
