import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useHref, useNavigate, useSearchParams } from 'react-router';
import { trackingPath } from '#shared/consignment.ts';
import { invoiceLookupSchema, TRACKING_MESSAGES, trackingCodeMessage } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { FormField } from '#web/components/FormField.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useInvoiceLookup } from '../api/use-tracking.ts';

/**
 * /track (issue 29): a parcel's tracking code, or its merchant's invoice number with the recipient's
 * phone. Without JavaScript the code form is a GET the server turns into the parcel's address, and the
 * invoice form a POST (the phone never goes into an address) the server answers itself.
 */
export function TrackPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Track a parcel`);
  const inPageLanguage = useInPageLanguage();
  const navigate = useNavigate();
  const action = useHref('/track');
  const [search] = useSearchParams();
  const answer = useFormAnswer('track');
  const typedCode = search.get('code') ?? '';
  const [codeError, setCodeError] = useState(typedCode ? trackingCodeMessage(typedCode) : undefined);
  const [invoiceErrors, setInvoiceErrors] = useState<Record<string, string>>(answer?.fieldErrors ?? {});
  const [notFound, setNotFound] = useState(answer?.providerError);
  const lookup = useInvoiceLookup();

  const findByCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    const code = readTrackingCode(typed);
    setCodeError(trackingCodeMessage(typed));
    if (code) navigate(trackingPath(code));
  };

  const findByInvoice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = invoiceLookupSchema.safeParse(fields);
    const errors: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
    setInvoiceErrors(errors);
    setNotFound(undefined);
    if (!parsed.success) return;
    lookup.mutate(parsed.data, {
      onSuccess: ({ trackingCode }) => navigate(trackingPath(trackingCode)),
      onError: (error) =>
        setNotFound(error instanceof ApiError && error.status !== 500 ? error.message : TRACKING_MESSAGES.notFoundByInvoice),
    });
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14" aria-labelledby="track-heading">
      <h1 id="track-heading" className="text-3xl font-bold tracking-wide text-primary sm:text-4xl">
        <Trans>Track a parcel</Trans>
      </h1>
      <p className="mt-3 text-base-content/80">
        <Trans>Type the tracking code from your receipt, label or message to see where your parcel is.</Trans>
      </p>
      <form
        method="get"
        action={action}
        onSubmit={findByCode}
        noValidate
        className="card mt-6 border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-4 sm:flex-row sm:items-start">
          <div className="flex-1">
            <FormField
              label={t`Tracking code`}
              name="code"
              defaultValue={typedCode}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={codeError}
              required
            />
          </div>
          <button type="submit" className="btn btn-primary sm:mt-6">
            <Trans>Track</Trans>
          </button>
        </div>
      </form>
      <h2 className="mt-10 text-xl font-semibold">
        <Trans>Bought from a shop that ships with us?</Trans>
      </h2>
      <p className="mt-2 text-base-content/80">
        <Trans>Find your parcel with the shop's invoice number and your phone number.</Trans>
      </p>
      <form
        method="post"
        action={action}
        onSubmit={findByInvoice}
        noValidate
        className="card mt-4 border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <FormField
            label={t`Invoice number`}
            name="invoice"
            defaultValue={answer?.values.invoice}
            autoComplete="off"
            error={invoiceErrors.invoice}
            required
          />
          <FormField
            label={t`Your phone number`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={answer?.values.phone}
            error={invoiceErrors.phone}
            required
          />
          <button type="submit" className="btn btn-outline btn-primary sm:mt-6" disabled={lookup.isPending}>
            <Trans>Find my parcel</Trans>
          </button>
        </div>
        {notFound ? (
          <p role="alert" className="alert alert-warning alert-soft mx-6 mb-6">
            {inPageLanguage(notFound)}
          </p>
        ) : null}
      </form>
    </section>
  );
}
