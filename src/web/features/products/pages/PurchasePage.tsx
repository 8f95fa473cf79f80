import { type ReactNode, useContext } from 'react';
import { pictureSrcSet } from '#shared/picture.ts';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatPrice } from '#web/lib/price.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useProduct } from '../api/use-product.ts';
import { type Buyer, BuyForm } from '../components/BuyForm.tsx';
import { ProductNotFound } from '../components/ProductNotFound.tsx';
import { ProductActionContext } from '../product-action.ts';

/** A malformed id is as unknown as a deleted product to the customer. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /purchase/{id}: the product, the quantity to buy and Buy Now; `notice` says why the buyer cannot order
 * yet (R-EMAIL-VERIFY), `aside` shows the buyer's saved details and `savedDelivery` fills in where
 * the order goes (R-ORDER-ADDRESS; undefined while it loads).
 */
export function PurchasePage({
  productId,
  buyer,
  notice,
  aside,
  savedDelivery,
}: {
  productId: string;
  buyer: Buyer;
  notice?: ReactNode;
  aside: ReactNode;
  savedDelivery: ShippingAddress | undefined;
}) {
  const action = useContext(ProductActionContext);
  const product = useProduct(productId);
  useDocumentTitle(product.data?.name ?? (isMissing(product.error) ? 'Product not found' : 'Purchase'));

  if (product.isPending) return <Spinner label="Loading the product" />;
  if (product.isError) {
    if (isMissing(product.error)) return <ProductNotFound />;
    return <LoadError what="this product" onRetry={() => product.refetch()} />;
  }
  const { data } = product;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[2fr_1fr]">
      <article className="card border border-base-300 bg-base-100 md:card-side" aria-labelledby="product-name">
        <figure className="bg-base-200 md:w-2/5">
          <img
            src={data.picture}
            srcSet={pictureSrcSet(data.picture)}
            sizes="(min-width: 768px) 40vw, 100vw"
            alt={data.name}
            width={400}
            height={300}
            // The page's largest picture (LCP): fetched first.
            fetchPriority="high"
            className="h-full max-h-80 w-full object-contain p-6"
          />
        </figure>
        <div className="card-body min-w-0">
          <h1 id="product-name" className="card-title text-2xl text-primary">
            {data.name}
          </h1>
          <p className="text-base-content/80">{data.description}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Price</dt>
            <dd>
              <span className="text-lg font-semibold text-primary">{formatPrice(data.price)}</span> per unit
            </dd>
            <dt className="font-medium">Available quantity</dt>
            <dd data-testid="available-quantity">
              {data.availableQuantity}
              {data.availableQuantity === 0 ? <span className="badge badge-error badge-soft ml-2">Sold out</span> : null}
            </dd>
            <dt className="font-medium">Order between</dt>
            <dd>
              {data.minQuantity} and {data.maxQuantity} units
            </dd>
          </dl>
          {notice}
          <BuyForm product={data} buyer={buyer} savedDelivery={savedDelivery} />
          <div className="mt-2">{action(data)}</div>
        </div>
      </article>
      <aside aria-label="Your details">{aside}</aside>
    </div>
  );
}
