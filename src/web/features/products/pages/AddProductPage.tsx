import { useLingui } from '@lingui/react/macro';
import { MESSAGES } from '#shared/messages.ts';
import { FormField } from '#web/components/FormField.tsx';
import { toast } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { EMPTY_PRODUCT_FORM } from '../add-product-form.ts';
import { useAddProduct } from '../api/use-manage-products.ts';
import { ProductForm } from '../components/ProductForm.tsx';

/** Add Products (admin): the new product's details and its picture, as an address or an uploaded image. */
export function AddProductPage({ adminEmail }: { adminEmail: string }) {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  useDocumentTitle(t`Add Products`);
  const addProduct = useAddProduct();
  return (
    <ProductForm
      title={inPageLanguage(MESSAGES.addProductTitle)}
      submitLabel={t`Add product`}
      defaultValues={EMPTY_PRODUCT_FORM}
      failure={t`The product could not be added. Please try again.`}
      send={async (body) => {
        await addProduct.mutateAsync(body);
        toast.success(MESSAGES.productAdded, { position: 'top-center' });
        return true;
      }}
    >
      <FormField label={t`Email`} value={adminEmail} readOnly className="bg-base-200" />
    </ProductForm>
  );
}
