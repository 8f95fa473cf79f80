import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '#shared/limits.ts';
import { PICTURE_FILE_FIELD, QUANTITY_FLOORS } from '#shared/product.ts';
import { FormField, SelectField, TextAreaField } from '#web/components/FormField.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import {
  type AddProductFormInput,
  type AddProductFormOutput,
  addProductFormSchema,
  addProductRequestBody,
} from '../add-product-form.ts';
import { useCategories } from '../api/use-categories.ts';

/** The three quantities, alike but for their label and smallest value (the shared product schema's rules). */
const QUANTITY_FIELDS = [
  { name: 'minQuantity', label: /*i18n*/ 'Minimum quantity' },
  { name: 'maxQuantity', label: /*i18n*/ 'Maximum quantity' },
  { name: 'availableQuantity', label: /*i18n*/ 'Available quantity' },
] as const satisfies readonly { name: keyof typeof QUANTITY_FLOORS & keyof AddProductFormInput; label: string }[];

/**
 * A product's details and its picture, as an address or an uploaded image: Add Products and the edit
 * form (R-EDIT) are this one form with one schema, the server's own (src/shared/product.ts).
 * `send` answers true when the form should start empty again.
 */
export function ProductForm({
  title,
  submitLabel,
  defaultValues,
  failure,
  send,
  children,
}: {
  title: string;
  submitLabel: string;
  defaultValues: AddProductFormInput;
  /** The toast when the server refuses for a reason no field explains. */
  failure: string;
  send: (body: Record<string, unknown> | FormData) => Promise<boolean>;
  /** Read-only facts shown under the fields (the admin's email on Add Products). */
  children?: ReactNode;
}) {
  const { numberFieldType } = useFormat();
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  const categories = useCategories();
  const form = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof AddProductFormInput) => errors[field]?.message;

  const submit = form.handleSubmit(async (product) => {
    try {
      if (await send(addProductRequestBody(product))) form.reset();
    } catch (error) {
      if (!showFieldErrors(form, error)) toastApiError(error, failure);
    }
  });

  return (
    <section className="card mx-auto max-w-3xl border border-base-300 bg-base-100" aria-labelledby="product-form-title">
      <form className="card-body gap-4" onSubmit={submit} noValidate>
        <h2 id="product-form-title" className="card-title text-xl sm:text-2xl">
          {title}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField label={t`Name`} error={message('name')} {...form.register('name')} />
          <FormField
            label={t`Price ($)`}
            inputMode="decimal"
            placeholder="e.g. 199.99"
            maxLength={LIMITS.priceMaxLength}
            error={message('price')}
            {...form.register('price')}
          />
        </div>
        <TextAreaField label={t`Description`} rows={4} error={message('description')} {...form.register('description')} />
        <div className="grid gap-4 sm:grid-cols-3">
          {QUANTITY_FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={inPageLanguage(field.label)}
              type={numberFieldType}
              inputMode="numeric"
              min={QUANTITY_FLOORS[field.name]}
              step={1}
              error={message(field.name)}
              {...form.register(field.name)}
            />
          ))}
        </div>
        <SelectField label={t`Category`} error={message('categoryId')} {...form.register('categoryId')}>
          <option value="">
            <Trans>No category</Trans>
          </option>
          {(categories.data ?? []).map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label={t`Picture address (http or https)`}
            type="url"
            placeholder={t`https://`}
            error={message('picture')}
            {...form.register('picture')}
          />
          <FormField
            label={t`Or upload a picture (JPEG, PNG or WebP, up to 5 MB)`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="file-input"
            error={message(PICTURE_FILE_FIELD)}
            {...form.register(PICTURE_FILE_FIELD)}
          />
        </div>
        {children}
        <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </form>
    </section>
  );
}
