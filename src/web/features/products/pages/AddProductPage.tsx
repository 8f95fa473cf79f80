import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import { PICTURE_FILE_FIELD, QUANTITY_FLOORS } from '#shared/product.ts';
import { FormField, TextAreaField } from '#web/components/FormField.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import {
  type AddProductFormInput,
  type AddProductFormOutput,
  addProductFormSchema,
  addProductRequestBody,
  EMPTY_PRODUCT_FORM,
} from '../add-product-form.ts';
import { useAddProduct } from '../api/use-manage-products.ts';

/** The three quantities, alike but for their label and smallest value (the shared product schema's rules). */
const QUANTITY_FIELDS = [
  { name: 'minQuantity', label: 'Minimum quantity' },
  { name: 'maxQuantity', label: 'Maximum quantity' },
  { name: 'availableQuantity', label: 'Available quantity' },
] as const satisfies readonly { name: keyof typeof QUANTITY_FLOORS & keyof AddProductFormInput; label: string }[];

/** Add Products (admin): the new product's details and its picture, as an address or an uploaded image. */
export function AddProductPage({ adminEmail }: { adminEmail: string }) {
  useDocumentTitle('Add Products');
  const addProduct = useAddProduct();
  const form = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: EMPTY_PRODUCT_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof AddProductFormInput) => errors[field]?.message;

  const submit = form.handleSubmit(async (product) => {
    try {
      await addProduct.mutateAsync(addProductRequestBody(product));
      form.reset();
      toast.success(MESSAGES.productAdded, { position: 'top-center' });
    } catch (error) {
      if (!showFieldErrors(form, error)) toastApiError(error, 'The product could not be added. Please try again.');
    }
  });

  return (
    <section className="card mx-auto max-w-3xl border border-base-300 bg-base-100" aria-labelledby="add-product-title">
      <form className="card-body gap-4" onSubmit={submit} noValidate>
        <h2 id="add-product-title" className="card-title text-xl sm:text-2xl">
          {MESSAGES.addProductTitle}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField label="Name" error={message('name')} {...form.register('name')} />
          <FormField
            label="Price ($)"
            inputMode="decimal"
            placeholder="e.g. 199.99"
            maxLength={LIMITS.priceMaxLength}
            error={message('price')}
            {...form.register('price')}
          />
        </div>
        <TextAreaField label="Description" rows={4} error={message('description')} {...form.register('description')} />
        <div className="grid gap-4 sm:grid-cols-3">
          {QUANTITY_FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              type="number"
              inputMode="numeric"
              min={QUANTITY_FLOORS[field.name]}
              step={1}
              error={message(field.name)}
              {...form.register(field.name)}
            />
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Picture address (http or https)"
            type="url"
            placeholder="https://"
            error={message('picture')}
            {...form.register('picture')}
          />
          <FormField
            label="Or upload a picture (JPEG, PNG or WebP, up to 5 MB)"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="file-input"
            error={message(PICTURE_FILE_FIELD)}
            {...form.register(PICTURE_FILE_FIELD)}
          />
        </div>
        <FormField label="Email" value={adminEmail} readOnly className="bg-base-200" />
        <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Add product
        </button>
      </form>
    </section>
  );
}
