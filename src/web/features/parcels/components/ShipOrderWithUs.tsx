import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Booking } from '#shared/consignment.ts';
import { grams } from '#shared/parcel-forms.ts';
import { SERVICES } from '#shared/parcel-services.ts';
import { FormField, SelectField } from '#web/components/FormField.tsx';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { AreaField } from './AreaField.tsx';
import { SERVICE_NAMES } from './service-names.ts';

/**
 * "Ship with SwiftCargo" (issue 29) on a paid order's admin view: the area of the order's delivery
 * address, a service and the weight; the server books the parcel from the warehouse and marks the order
 * shipped with its code.
 */
export function ShipOrderWithUs({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui();
  const { numberFieldType } = useParcelFormat();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ship = useMutation({
    mutationFn: (body: { service: string; areaId: string; weightGrams: number }) =>
      apiRequest<Booking>(`/api/admin/orders/${encodeURIComponent(orderId)}/ship-with-us`, { method: 'POST', body }),
    onSuccess: (booking) => {
      toast.success(t`Shipped with SwiftCargo: parcel ${booking.trackingCode}`);
      return client.invalidateQueries({ queryKey: queryKeys.orders });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields)
        setErrors({
          area: error.fields.areaId ?? error.fields['recipient.areaId'] ?? '',
          weight: error.fields.weightGrams ?? '',
          service: error.fields.service ?? '',
        });
      toastApiError(error, /*i18n*/ 'The order could not be shipped. Please try again.');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const weight = Number(String(form.get('weight') ?? '').replace(',', '.'));
    setErrors({});
    ship.mutate({
      service: String(form.get('service')),
      areaId: String(form.get('area') ?? ''),
      weightGrams: Number.isFinite(weight) ? grams(weight) : 0,
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      aria-label={t`Ship with SwiftCargo`}
    >
      <p className="text-sm font-semibold">
        <Trans>Ship with SwiftCargo</Trans>
      </p>
      <AreaField label={t`Area of the delivery address`} name="area" error={errors.area} required />
      <SelectField label={t`Service`} name="service" defaultValue="express" error={errors.service}>
        {SERVICES.map((service) => (
          <option key={service} value={service}>
            {i18n._(SERVICE_NAMES[service])}
          </option>
        ))}
      </SelectField>
      <FormField
        label={t`Weight (kg)`}
        name="weight"
        type={numberFieldType}
        inputMode="decimal"
        step="0.1"
        min="0.1"
        error={errors.weight}
        required
      />
      <button type="submit" className="btn btn-sm btn-primary w-fit" disabled={ship.isPending}>
        <Trans>Ship with SwiftCargo</Trans>
      </button>
    </form>
  );
}
