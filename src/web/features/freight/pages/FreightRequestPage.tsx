import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  FREIGHT_MODES,
  type FreightMode,
  type FreightRequestFields,
  type FreightRequestInput,
  freightRequestInputSchema,
} from '#shared/freight.ts';
import { FormField, SelectField, TextAreaField } from '#web/components/FormField.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useRequestFreight } from '../api/use-freight.ts';
import { FREIGHT_MODE_NAMES } from './freight-names.ts';

/**
 * A freight quote asked for (R-FREIGHT): road, air, ocean or storage, from where to where, what and how
 * much, and when. The home page's service cards lead here with their mode chosen.
 */
export function FreightRequestPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Ask for a freight quote`);
  const { numberFieldType } = useFormat();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const request = useRequestFreight();
  const asked = search.get('mode');
  const form = useForm<FreightRequestInput, unknown, FreightRequestFields>({
    resolver: zodResolver(freightRequestInputSchema),
    defaultValues: {
      mode: FREIGHT_MODES.includes(asked as FreightMode) ? (asked as FreightMode) : 'road',
      origin: '',
      destination: '',
      goods: '',
      phone: '',
      weightKg: '',
      volumeCbm: '',
      readyDate: '',
      deliverBy: undefined,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (fields) => {
    try {
      const created = await request.mutateAsync(fields);
      toast.success(/*i18n*/ 'Your freight request is sent: we will mail you the quote.');
      navigate('/dashboard/freight', { state: { created: created.id } });
    } catch (error) {
      if (!showFieldErrors(form, error)) toastApiError(error, /*i18n*/ 'The request could not be sent. Please try again.');
    }
  });

  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="freight-heading">
      <h1 id="freight-heading" className="text-3xl font-bold text-primary">
        <Trans>Ask for a freight quote</Trans>
      </h1>
      <p className="mt-3 text-base-content/80">
        <Trans>Tell us what needs to move or be stored: our freight team prices it and mails you the quote.</Trans>
      </p>
      <form className="card mt-6 border border-base-300 bg-base-100" onSubmit={submit} noValidate>
        <div className="card-body grid gap-4 sm:grid-cols-2">
          <SelectField label={t`Service`} error={errors.mode?.message} {...form.register('mode')}>
            {FREIGHT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {i18n._(FREIGHT_MODE_NAMES[mode])}
              </option>
            ))}
          </SelectField>
          <div className="hidden sm:block" />
          <FormField label={t`From`} error={errors.origin?.message} {...form.register('origin')} />
          <FormField label={t`To`} error={errors.destination?.message} {...form.register('destination')} />
          <FormField
            label={t`Phone`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <div className="hidden sm:block" />
          <div className="sm:col-span-2">
            <TextAreaField label={t`Goods`} rows={3} error={errors.goods?.message} {...form.register('goods')} />
          </div>
          <FormField
            label={t`Weight (kg)`}
            type={numberFieldType}
            inputMode="decimal"
            error={errors.weightKg?.message}
            {...form.register('weightKg')}
          />
          <FormField
            label={t`Volume (m³)`}
            type={numberFieldType}
            inputMode="decimal"
            error={errors.volumeCbm?.message}
            {...form.register('volumeCbm')}
          />
          <FormField label={t`Ready on`} type="date" error={errors.readyDate?.message} {...form.register('readyDate')} />
          <FormField
            label={t`Deliver by (optional)`}
            type="date"
            error={errors.deliverBy?.message}
            {...form.register('deliverBy', { setValueAs: (value: string) => value || undefined })}
          />
          <button type="submit" className="btn btn-primary sm:col-span-2" disabled={isSubmitting}>
            <Trans>Ask for a quote</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
