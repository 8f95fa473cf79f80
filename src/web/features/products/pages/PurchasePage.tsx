import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useContext } from 'react';
import type { ShippingAddress } from '#shared/shipping-address.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { lazyWhenIdle } from '#web/lib/lazy-when-idle.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useCategories } from '../api/use-categories.ts';
import { useProduct } from '../api/use-product.ts';
import { type Buyer, BuyForm } from '../components/BuyForm.tsx';
import { ProductBreadcrumbs } from '../components/ProductBreadcrumbs.tsx';
import { ProductNotFound } from '../components/ProductNotFound.tsx';
import { ProductPicture } from '../components/ProductPicture.tsx';
import { ProductActionContext } from '../product-action.ts';
import { quantityRuleWords } from '../quantity-words.ts';

/** Below the fold: its code loads, and it hydrates, when the browser is idle (R-FIRST-PAINT). */
const RelatedProducts = lazyWhenIdle(() => import('../components/RelatedProducts.tsx').then((module) => module.RelatedProducts));

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
  const inPageLanguage = useInPageLanguage();
  const { count, price } = useFormat();
  const { t } = useLingui();
  const action = useContext(ProductActionContext);
  const product = useProduct(productId);
  const categories = useCategories();
  useDocumentTitle(product.data?.name ?? (isMissing(product.error) ? t`Product not found` : t`Purchase`));

  if (product.isPending) return <Spinner label={t`Loading the product`} />;
  if (product.isError) {
    if (isMissing(product.error)) return <ProductNotFound />;
    return <LoadError what={t`this product`} onRetry={() => product.refetch()} />;
  }
  const { data } = product;
  const category = categories.data?.find((shelf) => shelf._id === data.categoryId);
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-6 sm:py-8">
      <div className="space-y-4">
        <ProductBreadcrumbs name={data.name} category={category} />
        <article className="grid gap-6 md:grid-cols-2 lg:gap-10" aria-labelledby="product-name">
          <figure className="aspect-[4/3] self-start rounded-box border border-base-300 bg-base-200">
            <ProductPicture product={data} sizes="(min-width: 1152px) 540px, (min-width: 768px) 50vw, 100vw" onPage />
          </figure>
          <div className="min-w-0 space-y-4">
            <h1 id="product-name" className="text-3xl font-bold text-primary">
              {data.name}
            </h1>
            <p className="text-base-content/80">
              <Trans>
                <span className="text-2xl font-semibold text-base-content">{price(data.price)}</span> per unit
              </Trans>
            </p>
            <p className="text-base-content/80">{data.description}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">
                <Trans>Available quantity</Trans>
              </dt>
              <dd data-testid="available-quantity">
                {count(data.availableQuantity)}
                {data.availableQuantity === 0 ? (
                  <span className="badge badge-error badge-soft ml-2">
                    <Trans>Sold out</Trans>
                  </span>
                ) : null}
              </dd>
              <dt className="font-medium">
                <Trans>Per order</Trans>
              </dt>
              <dd data-testid="quantity-rule">{inPageLanguage(quantityRuleWords(data.minQuantity, data.maxQuantity))}</dd>
            </dl>
            {notice}
            <BuyForm product={data} buyer={buyer} savedDelivery={savedDelivery} />
            <div>{action(data)}</div>
            {aside ? <aside aria-label={t`Your details`}>{aside}</aside> : null}
          </div>
        </article>
      </div>
      <RelatedProducts productId={productId} />
    </div>
  );
}
