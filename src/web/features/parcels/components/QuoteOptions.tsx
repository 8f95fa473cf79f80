import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { Quote, QuoteOption } from '#shared/quote.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { SERVICE_NAMES, SERVICE_PROMISES, ZONE_NAMES } from './service-names.ts';

/** When it arrives: one day, or the first and last day promised (a promise, so never "Delivered": issue 42). */
export function DeliveryDays({ estimate }: { estimate: { earliest: string; latest: string } }) {
  const { day } = useParcelFormat();
  const earliest = day(estimate.earliest);
  const latest = day(estimate.latest);
  return estimate.earliest === estimate.latest ? (
    <Trans>Arrives on {earliest}</Trans>
  ) : (
    <Trans>
      Arrives {earliest} to {latest}
    </Trans>
  );
}

/** What a total is made of: "Delivery ৳140.00 + COD charge ৳19.00". */
export function FeeParts({ deliveryFee, codFee }: { deliveryFee: number; codFee: number }) {
  const { taka } = useParcelFormat();
  const delivery = taka(deliveryFee);
  const cod = taka(codFee);
  return (
    <Trans>
      Delivery {delivery} + COD charge {cod}
    </Trans>
  );
}

function OptionCard({ option, bookHref }: { option: QuoteOption; bookHref: (option: QuoteOption) => string }) {
  const { i18n } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const { taka } = useParcelFormat();
  const name = i18n._(SERVICE_NAMES[option.service]);
  return (
    <li
      className={`card border bg-base-100 shadow-sm ${option.available ? 'border-base-300' : 'border-base-200 bg-base-200/60'}`}
      data-testid={`quote-${option.service}`}
    >
      <div className="card-body gap-2 p-5">
        <h3 className="card-title text-lg">{name}</h3>
        <p className="text-sm text-base-content/80">{i18n._(SERVICE_PROMISES[option.service])}</p>
        {option.available && option.total !== null && option.estimatedDelivery ? (
          <>
            <p className="font-display text-3xl font-bold text-primary">{taka(option.total)}</p>
            <p className="text-sm text-base-content/80">
              <FeeParts deliveryFee={option.deliveryFee ?? 0} codFee={option.codFee ?? 0} />
            </p>
            <p className="text-sm font-medium">
              <DeliveryDays estimate={option.estimatedDelivery} />
            </p>
            <div className="card-actions mt-auto pt-2">
              <Link to={bookHref(option)} className="btn btn-primary btn-block">
                <Trans>Book {name}</Trans>
              </Link>
            </div>
          </>
        ) : (
          <p className="mt-auto text-sm text-base-content/80">
            <span className="badge badge-ghost mr-2">
              <Trans>Not available</Trans>
            </span>
            {inPageLanguage(option.reason)}
          </p>
        )}
      </div>
    </li>
  );
}

/** Every service's price side by side (R-QUOTE), the cheapest way first among those available. */
export function QuoteOptions({ quote, bookHref }: { quote: Quote; bookHref: (option: QuoteOption) => string }) {
  const { i18n } = useLingui();
  const zone = i18n._(ZONE_NAMES[quote.zone]);
  return (
    <section aria-labelledby="quote-heading" className="mt-8">
      <h2 id="quote-heading" className="text-xl font-bold">
        <Trans>Prices for this parcel</Trans> <span className="badge badge-secondary badge-outline align-middle">{zone}</span>
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-live="polite">
        {/* The services this route can take first, then those it cannot: on a phone the prices would
            otherwise sit below a column of "Not available" cards (issue 42). */}
        {quote.options
          .toSorted((a, b) => Number(!a.available) - Number(!b.available))
          .map((option) => (
            <OptionCard key={option.service} option={option} bookHref={bookHref} />
          ))}
      </ul>
    </section>
  );
}
