import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SERVICES, type Service } from '../services.ts';
import { Icon } from './Icon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

function ServiceCard({ service }: { service: Service }) {
  const { i18n } = useLingui();
  const title = i18n._(service.title);
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md" data-testid="service-card">
      <div className="card-body gap-3">
        <span className="w-fit rounded-box bg-secondary/10 p-3 text-secondary">
          <Icon name={service.icon} className="h-7 w-7" />
        </span>
        <h3 className="card-title text-lg">{title}</h3>
        <p className="text-sm text-base-content/80">{i18n._(service.summary)}</p>
        <p id={detailsId} hidden={!expanded} className="text-sm text-base-content/80">
          {i18n._(service.details)}
        </p>
        <div className="card-actions mt-auto items-center pt-2">
          <button
            type="button"
            className="btn btn-outline btn-primary btn-sm"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? <Trans>Show less</Trans> : <Trans>Read More</Trans>}
            <span className="sr-only">
              {' '}
              <Trans>about {title}</Trans>
            </span>
          </button>
          <Link to={service.buy} className="btn btn-primary btn-sm">
            {service.buy.startsWith('/ship') ? <Trans>Get a price</Trans> : <Trans>Get a quote</Trans>}
            <span className="sr-only">
              {' '}
              <Trans>for {title}</Trans>
            </span>
          </Link>
        </div>
      </div>
    </li>
  );
}

/** The freight services of R-HOME, each with a Read More that opens its details in place. */
export function ServiceCards() {
  const { t } = useLingui();
  return (
    <section id="services" aria-labelledby="services-heading" className="scroll-mt-20 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="services-heading" eyebrow={t`Our services`} title={t`Everything that moves, we deliver`}>
          <Trans>Pick the service that fits your goods, your budget and your deadline.</Trans>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => (
            <ServiceCard key={service.icon} service={service} />
          ))}
        </ul>
      </div>
    </section>
  );
}
