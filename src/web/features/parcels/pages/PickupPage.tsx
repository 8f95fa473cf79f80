import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PICKUP_WINDOWS, type PickupInput, type PickupRequest, pickupInputSchema } from '#shared/pickup.ts';
import { placeName } from '#shared/place-name.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { FormField, SelectField } from '#web/components/FormField.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useCancelPickup, useMyPickups, useRequestPickup } from '../api/use-pickups.ts';
import { useStores } from '../api/use-stores.ts';
import { AreaField } from '../components/AreaField.tsx';
import { PICKUP_WINDOW_NAMES } from '../components/pickup-windows.ts';
import type { Sender } from './BookParcelPage.tsx';

/**
 * Asking for a courier to collect parcels (R-PICKUPS), and the pickups asked for, each cancellable until
 * its window begins. The form starts from the account's saved details, or a merchant's default store (issue 42).
 */
export function PickupPage({ sender, merchant }: { sender: Sender | undefined; merchant: boolean }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Ask for a pickup`);
  const { day, language, numberFieldType } = useParcelFormat();
  const pickups = useMyPickups();
  const request = useRequestPickup();
  const cancel = useCancelPickup();
  const [defaultStore] = useStores(merchant).data?.stores ?? [];
  const blank: PickupInput = {
    name: sender?.name ?? '',
    phone: sender?.phone ?? '',
    address: sender?.address ?? '',
    areaId: '',
    day: '',
    window: '09-12',
    parcels: 1,
  };
  const form = useForm<PickupInput, unknown, PickupRequest>({ resolver: zodResolver(pickupInputSchema), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  // The stores come default first: its details are where a courier usually collects, until the sender types others.
  useEffect(() => {
    if (!defaultStore || form.formState.isDirty) return;
    const { name, phone, address, area } = defaultStore;
    form.reset({ ...form.getValues(), name, phone, address, areaId: placeName(area, language) });
  }, [defaultStore, form, language]);

  const submit = form.handleSubmit(async (fields) => {
    try {
      await request.mutateAsync(fields);
      toast.success(/*i18n*/ 'Your pickup is booked: a courier comes in the window you chose.');
      form.reset({ ...fields, parcels: 1, note: '' });
    } catch (error) {
      if (!showFieldErrors(form, error)) toastApiError(error, /*i18n*/ 'The pickup could not be booked. Please try again.');
    }
  });

  return (
    <section aria-labelledby="pickup-heading" className="flex max-w-4xl flex-col gap-6">
      <h2 id="pickup-heading" className="text-2xl font-bold">
        <Trans>Ask for a pickup</Trans>
      </h2>
      <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate>
        <div className="card-body grid gap-3 sm:grid-cols-2">
          <FormField label={t`Name`} error={errors.name?.message} {...form.register('name')} />
          <FormField label={t`Mobile number`} type="tel" error={errors.phone?.message} {...form.register('phone')} />
          <FormField label={t`Address`} error={errors.address?.message} {...form.register('address')} />
          <AreaField label={t`Area`} error={errors.areaId?.message} {...form.register('areaId')} />
          <FormField label={t`Day`} type="date" error={errors.day?.message} {...form.register('day')} />
          <SelectField label={t`Time`} error={errors.window?.message} {...form.register('window')}>
            {PICKUP_WINDOWS.map((window) => (
              <option key={window} value={window}>
                {i18n._(PICKUP_WINDOW_NAMES[window])}
              </option>
            ))}
          </SelectField>
          <FormField
            label={t`Parcels`}
            type={numberFieldType}
            inputMode="numeric"
            min="1"
            error={errors.parcels?.message}
            {...form.register('parcels')}
          />
          <FormField label={t`Note for the courier (optional)`} error={errors.note?.message} {...form.register('note')} />
          <button type="submit" className="btn btn-primary sm:col-span-2" disabled={isSubmitting}>
            <Trans>Book the pickup</Trans>
          </button>
        </div>
      </form>
      <section aria-labelledby="my-pickups-heading">
        <h3 id="my-pickups-heading" className="text-xl font-bold">
          <Trans>Your pickups</Trans>
        </h3>
        {pickups.data?.length ? (
          <ul className="mt-3 flex flex-col gap-2">
            {pickups.data.map((pickup) => (
              <li key={pickup.id} className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="my-pickup">
                <p className="font-medium">
                  {day(pickup.day)} · {i18n._(PICKUP_WINDOW_NAMES[pickup.window])} ·{' '}
                  {/* How many the courier comes for (issue 42). */}
                  <Plural value={pickup.parcels} one="# parcel" other="# parcels" />
                </p>
                <p className="text-sm text-base-content/80">
                  {pickup.address}, {placeName(pickup.area, language)}
                </p>
                {pickup.cancelledAt ? (
                  <p className="badge badge-outline mt-2">
                    <Trans>Cancelled</Trans>
                  </p>
                ) : (
                  <ConfirmButton
                    label={t`Cancel pickup`}
                    className="btn btn-outline btn-error btn-sm mt-2"
                    disabled={cancel.isPending}
                    question={t`Cancel the pickup of ${day(pickup.day)}?`}
                    details={t`No courier comes. A pickup whose time window has begun can no longer be cancelled.`}
                    onConfirm={() =>
                      cancel.mutate(pickup.id, {
                        onSuccess: () => toast.success(/*i18n*/ 'Pickup cancelled.'),
                        onError: (error) => toastApiError(error, /*i18n*/ 'The pickup could not be cancelled. Please try again.'),
                      })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-base-content/80">
            <Trans>No pickups asked for yet.</Trans>
          </p>
        )}
      </section>
    </section>
  );
}
