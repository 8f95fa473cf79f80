import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useHref, useNavigate, useSearchParams } from 'react-router';
import type { QuoteOption } from '#shared/quote.ts';
import { FormField } from '#web/components/FormField.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TrackingBox } from '#web/components/TrackingBox.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { readShipAddress, useQuote } from '../api/use-quote.ts';
import { AreaField } from '../components/AreaField.tsx';
import { QuoteOptions } from '../components/QuoteOptions.tsx';

type FieldName = 'from' | 'to' | 'weight' | 'cod';

/** The API's field names on a quote, as this form names them. */
const FORM_FIELD: Record<string, FieldName> = { from: 'from', to: 'to', weightGrams: 'weight', codAmount: 'cod' };

/**
 * Send a parcel (issue 28): the quote form and every service's price side by side. The form is a GET
 * form, so its address holds the parcel (no personal data) and the server renders the prices with the
 * page (R-SSR); without JavaScript it works the same. "Book" takes the parcel to the booking form.
 */
export function ShipPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Send a parcel`);
  const inPageLanguage = useInPageLanguage();
  const { numberFieldType } = useParcelFormat();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const action = useHref('/ship');
  const { typed, parsed, query } = readShipAddress(search);
  const quote = useQuote(query);

  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed?.success === false ? parsed.error.issues : []) {
    const field = issue.path[0] as FieldName;
    errors[field] ??= issue.message;
  }
  const refusal = quote.error instanceof ApiError ? quote.error : undefined;
  for (const [field, message] of Object.entries(refusal?.fields ?? {})) {
    const formField = FORM_FIELD[field];
    if (formField) errors[formField] ??= message;
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) fields.set(name, String(value));
    navigate(`?${fields}`);
  };

  const bookHref = (option: QuoteOption) =>
    `/ship/book?${new URLSearchParams({ service: option.service, from: typed.from, to: typed.to, weight: typed.weight, cod: typed.cod })}`;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:py-14" aria-labelledby="ship-heading">
      <h1 id="ship-heading" className="text-3xl font-bold tracking-wide text-primary sm:text-4xl">
        <Trans>Send a parcel</Trans>
      </h1>
      <p className="mt-3 max-w-3xl text-base-content/80">
        <Trans>
          Prices for every service to all 64 districts, with the day it arrives. Book online, print the label and we pick it up.
        </Trans>
      </p>
      <form
        key={search.toString()}
        method="get"
        action={action}
        onSubmit={submit}
        noValidate
        className="card mt-6 border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_12rem_auto] lg:items-start">
          <AreaField label={t`From`} name="from" defaultValue={typed.from} error={errors.from} required />
          <AreaField label={t`To`} name="to" defaultValue={typed.to} error={errors.to} required />
          <FormField
            label={t`Weight (kg)`}
            name="weight"
            type={numberFieldType}
            inputMode="decimal"
            step="0.1"
            min="0.1"
            defaultValue={typed.weight}
            error={errors.weight}
            required
          />
          <FormField
            label={t`Cash to collect (৳)`}
            name="cod"
            type={numberFieldType}
            inputMode="decimal"
            min="0"
            placeholder="0"
            defaultValue={typed.cod}
            error={errors.cod}
          />
          <button type="submit" className="btn btn-primary lg:mt-6">
            <Trans>Get prices</Trans>
          </button>
        </div>
      </form>
      {refusal && Object.keys(refusal.fields ?? {}).length === 0 ? (
        <p role="alert" className="alert alert-warning alert-soft mt-6">
          {inPageLanguage(refusal.message)}
        </p>
      ) : null}
      {quote.isError && !refusal ? (
        <p role="alert" className="alert alert-error alert-soft mt-6">
          <Trans>The prices could not be loaded. Please try again.</Trans>
        </p>
      ) : null}
      {query && quote.isPending ? <Spinner label={t`Loading the prices`} /> : null}
      {quote.data && !refusal ? <QuoteOptions quote={quote.data} bookHref={bookHref} /> : null}
      {/* A sender who already sent one looks here for its tracking too (issue 42). */}
      <TrackingBox headingId="ship-track-heading" className="mt-10 max-w-3xl" />
    </section>
  );
}
