import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DELIVERY_TYPES, type DeliveryType, parcelPath } from '#shared/consignment.ts';
import {
  BOOKING_FIELDS,
  type BookingForm,
  type BookingFormInput,
  bookingFormSchema,
  consignmentInputOf,
  quoteFormSchema,
  quoteQueryOf,
  storeBookingFormSchema,
} from '#shared/parcel-forms.ts';
import { SERVICES, type Service } from '#shared/parcel-services.ts';
import type { QuoteQuery } from '#shared/quote.ts';
import type { Store } from '#shared/store.ts';
import { FormField, SelectField, TextAreaField } from '#web/components/FormField.tsx';
import { showFieldErrors } from '#web/lib/form-errors.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useBookParcel } from '../api/use-parcels.ts';
import { useQuote } from '../api/use-quote.ts';
import { useStores } from '../api/use-stores.ts';
import { AreaField } from '../components/AreaField.tsx';
import { useAddressHint } from '../components/address-hint.ts';
import { DeliveryDays, FeeParts } from '../components/QuoteOptions.tsx';
import { RecipientRecordNote } from '../components/RecipientRecordNote.tsx';
import { SERVICE_NAMES } from '../components/service-names.ts';

/** Who sends, as the account knows them: the form starts from it. */
export interface Sender {
  name: string;
  phone: string;
  address: string;
}

/** A key for this form's booking: the same one on every try, new with a new form (R-BOOKING). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The price the form's parcel costs now, once its fields make a quote; a typed field settles first. */
function useLivePrice(values: BookingFormInput): QuoteQuery | undefined {
  const [settled, setSettled] = useState<QuoteQuery>();
  const { pickup, recipient, weight, cod } = values;
  useEffect(() => {
    const timer = setTimeout(() => {
      const parsed = quoteFormSchema.safeParse({ from: pickup?.area, to: recipient?.area, weight, cod });
      setSettled(parsed.success ? quoteQueryOf(parsed.data) : undefined);
    }, 400);
    return () => clearTimeout(timer);
  }, [pickup?.area, recipient?.area, weight, cod]);
  return settled;
}

function PartyFields({
  party,
  legend,
  register,
  errors,
  afterPhone,
  addressHint,
}: {
  party: 'pickup' | 'recipient';
  legend: string;
  register: UseFormRegister<BookingFormInput>;
  errors: FieldErrors<BookingFormInput>;
  /** What the form says of the number once typed: a merchant's recipient's delivery record (R-RECIPIENT-RECORD). */
  afterPhone?: ReactNode;
  /** What the form says of the address as it is typed (R-ADDRESS-QUALITY). */
  addressHint?: ReactNode;
}) {
  const { t } = useLingui();
  const fieldErrors = errors[party];
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      <FormField label={t`Name`} autoComplete="off" error={fieldErrors?.name?.message} {...register(`${party}.name`)} />
      <FormField
        label={t`Mobile number`}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="01711000000"
        error={fieldErrors?.phone?.message}
        {...register(`${party}.phone`)}
      />
      {afterPhone}
      <FormField
        label={t`Address`}
        autoComplete="off"
        error={fieldErrors?.address?.message}
        hint={addressHint ? <span className="block text-left text-sm text-base-content/80">{addressHint}</span> : undefined}
        {...register(`${party}.address`)}
      />
      <AreaField label={t`Area`} error={fieldErrors?.area?.message} {...register(`${party}.area`)} />
    </fieldset>
  );
}

/** How each delivery type reads on the form (issue 41). */
const DELIVERY_TYPE_NAMES: Record<DeliveryType, string> = {
  home: /*i18n*/ 'To the door',
  hub: /*i18n*/ 'Collected at a hub point',
};

/** A store as the form's pickup: the fields are the store's; the server reads the store itself (decision 152). */
const pickupOfStore = (store: Store) => ({ name: store.name, phone: store.phone, address: store.address, area: store.area.id });

/**
 * A merchant's parcel is picked up at one of its stores (issue 41): chosen here, the default first; the
 * stores are managed on the merchant page.
 */
function StoreChoice({
  stores,
  error,
  register,
  onChoose,
}: {
  stores: Store[];
  error: string | undefined;
  register: UseFormRegister<BookingFormInput>;
  onChoose: (store: Store) => void;
}) {
  const { t } = useLingui();
  const field = register('store');
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{t`Pick up from`}</legend>
      <SelectField
        label={t`Store`}
        error={error}
        {...field}
        onChange={(event) => {
          field.onChange(event);
          const chosen = stores.find((store) => store.id === event.target.value);
          if (chosen) onChoose(chosen);
        }}
      >
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name} · {store.address}
          </option>
        ))}
      </SelectField>
      <p className="self-end text-sm text-base-content/80">
        <Trans>
          Add or change stores on the{' '}
          <Link to={MERCHANT_PAGE} className="link link-primary">
            merchant page
          </Link>
          .
        </Trans>
      </p>
    </fieldset>
  );
}

/** The merchant page, where a customer applies to collect cash on delivery. */
const MERCHANT_PAGE = '/dashboard/merchant';

/**
 * Cash to collect, for a sender who is no approved merchant (issue 39, decision 0104): shown, so they
 * learn it exists, but closed, with why and where to apply. The server refuses it all the same.
 */
function CodForMerchantsOnly() {
  const { t } = useLingui();
  const noteId = useId();
  return (
    <div className="flex flex-col gap-1">
      <FormField label={t`Cash to collect (৳)`} value="0" disabled readOnly aria-describedby={noteId} />
      <p id={noteId} className="text-sm text-base-content/80">
        <Trans>
          Cash on delivery is for merchant accounts.{' '}
          <Link to={MERCHANT_PAGE} className="link link-primary">
            Apply as a merchant
          </Link>{' '}
          to collect cash with your parcels.
        </Trans>
      </p>
    </div>
  );
}

/**
 * Booking a parcel (R-BOOKING): the quote's parcel with who sends and who receives it. The price shown is
 * the server's for the fields as they stand; the server prices the booking again itself. A card-paid fee
 * is paid on the parcel's page, where the booking leads. Only an approved merchant collects cash on
 * delivery, and so only a merchant may have the fee taken from it (R-COD-MERCHANTS).
 */
export function BookParcelPage({ sender, merchant }: { sender: Sender | undefined; merchant: boolean }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Book a parcel`);
  const inPageLanguage = useInPageLanguage();
  const { taka, numberFieldType } = useParcelFormat();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const book = useBookParcel(idempotencyKey);
  const askedService = search.get('service');
  const cod = merchant ? (search.get('cod') ?? '') : '';
  const form = useForm<BookingFormInput, unknown, BookingForm>({
    // A merchant's store stands for the typed pickup (decision 152).
    resolver: (values, context, options) =>
      values.store
        ? zodResolver(storeBookingFormSchema)(values, context, options)
        : zodResolver(bookingFormSchema)(values, context, options),
    defaultValues: {
      service: SERVICES.includes(askedService as Service) ? (askedService as Service) : 'express',
      pickup: {
        name: sender?.name ?? '',
        phone: sender?.phone ?? '',
        address: sender?.address ?? '',
        area: search.get('from') ?? '',
      },
      recipient: { name: '', phone: '', address: '', area: search.get('to') ?? '' },
      weight: search.get('weight') ?? '',
      cod,
      declaredValue: '',
      merchantInvoice: '',
      note: '',
      itemDescription: '',
      quantity: '',
      alternativePhone: '',
      recipientEmail: '',
      deliveryType: 'home',
      feePayment: Number(cod) > 0 ? 'cod' : 'card',
      askRecipientToConfirm: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const stores = useStores(merchant);
  const storeList = merchant ? stores.data?.stores : undefined;
  const chooseStore = (store: Store) => form.setValue('pickup', pickupOfStore(store), { shouldValidate: false });
  // Once the stores are known, the one the select shows (the default, first) is the pickup the price is for.
  const [firstStore] = storeList ?? [];
  useEffect(() => {
    if (!firstStore || !storeList) return;
    const shown = storeList.find((store) => store.id === form.getValues('store')) ?? firstStore;
    form.setValue('store', shown.id);
    form.setValue('pickup', pickupOfStore(shown));
  }, [firstStore, storeList, form]);
  const values = form.watch();
  const quote = useQuote(useLivePrice(values));
  const addressHint = useAddressHint(values.recipient?.address ?? '', values.recipient?.area ?? '');
  const chosen = quote.data?.options.find((option) => option.service === values.service);
  const total = taka(chosen?.total ?? 0);

  const submit = form.handleSubmit(async (filled) => {
    try {
      const booking = await book.mutateAsync(consignmentInputOf(filled));
      navigate(parcelPath(booking.trackingCode), { state: { booked: true } });
    } catch (error) {
      if (!showFieldErrors(form, error, BOOKING_FIELDS))
        toastApiError(error, /*i18n*/ 'The parcel could not be booked. Please try again.');
    }
  });

  return (
    <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="book-heading">
      <h1 id="book-heading" className="text-3xl font-bold text-primary">
        <Trans>Book a parcel</Trans>
      </h1>
      <form className="mt-6 flex flex-col gap-8" onSubmit={submit} noValidate>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">
            <Trans>The parcel</Trans>
          </legend>
          <SelectField label={t`Service`} error={errors.service?.message} {...form.register('service')}>
            {SERVICES.map((service) => (
              <option key={service} value={service}>
                {i18n._(SERVICE_NAMES[service])}
              </option>
            ))}
          </SelectField>
          <FormField
            label={t`Weight (kg)`}
            type={numberFieldType}
            inputMode="decimal"
            step="0.1"
            error={errors.weight?.message}
            {...form.register('weight')}
          />
          {merchant ? (
            <FormField
              label={t`Cash to collect (৳)`}
              type={numberFieldType}
              inputMode="decimal"
              placeholder="0"
              error={errors.cod?.message}
              {...form.register('cod')}
            />
          ) : (
            <CodForMerchantsOnly />
          )}
          {merchant ? (
            <label className="flex items-start gap-2 sm:col-span-2">
              <input type="checkbox" className="checkbox checkbox-primary mt-0.5" {...form.register('askRecipientToConfirm')} />
              <span>
                <Trans>
                  Ask the recipient to confirm this cash-on-delivery parcel before pickup (a text with a link to confirm it,
                  correct the address or phone, or say they did not order it)
                </Trans>
              </span>
            </label>
          ) : null}
          <FormField
            label={t`Declared value (৳, optional)`}
            type={numberFieldType}
            inputMode="decimal"
            error={errors.declaredValue?.message}
            {...form.register('declaredValue')}
          />
          <FormField
            label={t`Your invoice number (optional)`}
            autoComplete="off"
            error={errors.merchantInvoice?.message}
            {...form.register('merchantInvoice')}
          />
        </fieldset>
        {storeList && storeList.length > 0 ? (
          <StoreChoice stores={storeList} error={errors.store?.message} register={form.register} onChoose={chooseStore} />
        ) : (
          <PartyFields party="pickup" legend={t`Pick up from`} register={form.register} errors={errors} />
        )}
        <PartyFields
          party="recipient"
          legend={t`Deliver to`}
          register={form.register}
          errors={errors}
          afterPhone={merchant ? <RecipientRecordNote phone={values.recipient?.phone ?? ''} /> : undefined}
          addressHint={addressHint}
        />
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">
            <Trans>More about the parcel</Trans>
          </legend>
          <FormField
            label={t`What is inside (optional)`}
            autoComplete="off"
            error={errors.itemDescription?.message}
            {...form.register('itemDescription')}
          />
          <FormField
            label={t`Number of items (optional)`}
            type={numberFieldType}
            inputMode="numeric"
            error={errors.quantity?.message}
            {...form.register('quantity')}
          />
          <FormField
            label={t`Recipient’s other mobile number (optional)`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={errors.alternativePhone?.message}
            {...form.register('alternativePhone')}
          />
          <FormField
            label={t`Recipient’s email (optional)`}
            type="email"
            autoComplete="off"
            error={errors.recipientEmail?.message}
            {...form.register('recipientEmail')}
          />
          <SelectField label={t`Delivery`} error={errors.deliveryType?.message} {...form.register('deliveryType')}>
            {DELIVERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(DELIVERY_TYPE_NAMES[type])}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <TextAreaField
          label={t`Note for the rider (optional)`}
          rows={2}
          error={errors.note?.message}
          {...form.register('note')}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-lg font-semibold">
            <Trans>How you pay the fee</Trans>
          </legend>
          {merchant ? (
            // A merchant's parcel has no card step (decision 165): the server takes the fee from the cash or the balance.
            <p>
              <Trans>
                From the cash collected when it covers the fee, otherwise from your account (your COD balance) once the parcel is
                delivered. Nothing to pay by card: it is picked up at once.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>By card, on the parcel’s page once it is booked. It is picked up once the fee is paid.</Trans>
            </p>
          )}
          {errors.feePayment?.message ? <p className="text-sm text-error">{inPageLanguage(errors.feePayment.message)}</p> : null}
        </fieldset>
        <div className="card border border-base-300 bg-base-200/50" aria-live="polite" data-testid="booking-price">
          <div className="card-body gap-1 p-5">
            {chosen?.available && chosen.total !== null && chosen.estimatedDelivery ? (
              <>
                <p className="text-lg font-semibold">
                  <Trans>Total {total}</Trans>
                </p>
                <p className="text-sm text-base-content/80">
                  <FeeParts deliveryFee={chosen.deliveryFee ?? 0} codFee={chosen.codFee ?? 0} /> ·{' '}
                  <DeliveryDays estimate={chosen.estimatedDelivery} />
                </p>
              </>
            ) : chosen?.reason ? (
              <p className="text-sm">{inPageLanguage(chosen.reason)}</p>
            ) : (
              <p className="text-sm text-base-content/80">
                <Trans>The price shows here once the areas and the weight are filled in.</Trans>
              </p>
            )}
          </div>
        </div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
          <Trans>Book this parcel</Trans>
        </button>
      </form>
    </section>
  );
}
