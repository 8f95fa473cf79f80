import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { plainDollars } from '#shared/money.ts';
import type { Product } from '#shared/product.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import type { AddProductFormInput } from '../add-product-form.ts';
import { useEditProduct } from '../api/use-manage-products.ts';
import { useProduct } from '../api/use-product.ts';
import { ProductForm } from '../components/ProductForm.tsx';
import { ProductNotFound } from '../components/ProductNotFound.tsx';

/** The form's fields as the product is now: the price as the text the form takes. */
const formValues = (product: Product): AddProductFormInput => ({
  name: product.name,
  price: plainDollars(product.price),
  description: product.description,
  minQuantity: String(product.minQuantity),
  maxQuantity: String(product.maxQuantity),
  availableQuantity: String(product.availableQuantity),
  picture: product.picture,
  categoryId: product.categoryId ?? '',
});

/**
 * Edit or restock a product (admin, R-EDIT): every field of Add Products, checked the same way. The
 * stock given here is the new stock; orders already placed keep what they were bought at.
 */
export function EditProductPage({ productId }: { productId: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Edit Product`);
  const product = useProduct(productId);
  const editProduct = useEditProduct(productId);
  const navigate = useNavigate();

  if (product.isPending) return <Spinner label={t`Loading the product`} />;
  if (product.error instanceof ApiError && product.error.status === 404) return <ProductNotFound />;
  if (product.isError) return <LoadError what={t`the product`} onRetry={() => product.refetch()} />;
  return (
    <ProductForm
      // A product changed elsewhere starts the form again from what it is now.
      key={product.dataUpdatedAt}
      title={t`Edit ${product.data.name}`}
      submitLabel={t`Save changes`}
      defaultValues={formValues(product.data)}
      failure={t`The product could not be saved. Please try again.`}
      send={async (body) => {
        await editProduct.mutateAsync(body);
        toast.success(MESSAGES.productUpdated);
        await navigate('/dashboard/manageProducts');
        return false;
      }}
    />
  );
}
