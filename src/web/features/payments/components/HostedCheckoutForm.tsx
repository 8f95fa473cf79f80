import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LOCALE, isLocale, pathInLocale } from '#shared/locale.ts';
import { HOSTED_OUTCOME_PARAM, hostedOutcomeSchema } from '#shared/sslcommerz.ts';

/** What the customer is told on coming back from SSLCommerz's page without a paid payment. */
function OutcomeNote() {
  const [search] = useSearchParams();
  const outcome = hostedOutcomeSchema.safeParse(search.get(HOSTED_OUTCOME_PARAM));
  if (!outcome.success) return null;
  const notes: Record<typeof outcome.data, ReactNode> = {
    paid: <Trans>SSLCommerz confirmed your payment.</Trans>,
    failed: <Trans>The payment did not go through on SSLCommerz’s page: nothing was paid. You can try again.</Trans>,
    cancelled: <Trans>You cancelled the payment on SSLCommerz’s page: nothing was paid.</Trans>,
    unavailable: <Trans>SSLCommerz could not be reached. Please try again in a moment.</Trans>,
  };
  return (
    <p role={outcome.data === 'paid' ? 'status' : 'alert'} className={outcome.data === 'paid' ? 'text-success' : 'text-error'}>
      {notes[outcome.data]}
    </p>
  );
}

/**
 * R-SSLCOMMERZ: "Pay with SSLCommerz", a plain POST form (it works with JavaScript off): the server opens a
 * session and sends the browser to SSLCommerz's page, where cards, bKash, Nagad, Rocket and internet banking
 * are offered; SSLCommerz sends the customer back here.
 */
export function HostedCheckoutForm({ action }: { action: string }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  return (
    <form method="post" action={pathInLocale(locale, action)} className="flex flex-col gap-3">
      <p className="text-sm">
        <Trans>Pay by card, bKash, Nagad, Rocket or internet banking on SSLCommerz’s secure page.</Trans>
      </p>
      <button type="submit" className="btn btn-primary w-full sm:w-auto sm:self-start sm:px-10">
        <Trans>Pay with SSLCommerz</Trans>
      </button>
      <OutcomeNote />
    </form>
  );
}
