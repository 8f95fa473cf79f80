import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { COMPANY } from '../company.ts';
import { NewsletterForm } from './NewsletterForm.tsx';

const COMPANY_LINKS = [
  // Tracking from every page (R-TRACK-EVERYWHERE).
  { to: '/track', label: msg`Track a parcel` },
  { to: '/about', label: msg`About us` },
  { to: '/about#services', label: msg`Our services` },
  { to: '/blog', label: msg`Blog` },
  { to: '/about#contact', label: msg`Contact` },
] as const;

const HELP_LINKS = [
  { to: '/about#terms', label: msg`Terms of Use` },
  { to: '/about#disclaimer', label: msg`Legal Disclaimer` },
  { to: '/about#privacy', label: msg`Privacy Policy` },
  { to: '/about#support', label: msg`Support` },
] as const;

function LinkColumn({ title, links }: { title: string; links: readonly { to: string; label: MessageDescriptor }[] }) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-widest text-white uppercase">{title}</h2>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="link link-hover text-neutral-content">
              {i18n._(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On every page: who we are, the company and legal links, and the newsletter box. */
export function Footer() {
  const { t, i18n } = useLingui();
  // The newsletter page has the box in its main part: one on a page.
  const onNewsletterPage = useLocation().pathname === '/newsletter';
  // The year in the page's digits, without a thousands mark: "2026", "২০২৬".
  const year = i18n.date(new Date(), { year: 'numeric' });
  return (
    <footer className="bg-neutral px-4 pt-14 pb-8 text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.4fr_1fr_1fr_1.6fr]">
        <div className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <Link to="/" className="flex items-center gap-2 font-display text-2xl font-bold text-white">
            <img src="/favicon.svg" alt="" width={32} height={32} loading="lazy" />
            {SHOP_NAME}
          </Link>
          <p className="text-sm text-neutral-content/85">
            <Trans>
              Parcel, freight and warehousing services, and the tech your business runs on, delivered across the country.
            </Trans>
          </p>
          {/* Each link at least 24 px tall, a target easy to hit (WCAG 2.5.8). */}
          <p className="flex flex-col items-start text-sm">
            <a href={`mailto:${COMPANY.email}`} className="link link-hover inline-flex min-h-6 items-center">
              {COMPANY.email}
            </a>
            <a href={COMPANY.phoneHref} className="link link-hover inline-flex min-h-6 items-center">
              {COMPANY.phone}
            </a>
          </p>
        </div>
        <LinkColumn title={t`Company`} links={COMPANY_LINKS} />
        <LinkColumn title={t`Help and legal`} links={HELP_LINKS} />
        {onNewsletterPage ? null : (
          <div className="col-span-2 flex flex-col gap-3 lg:col-span-1">
            <h2 className="text-sm font-semibold tracking-widest text-white uppercase">
              <Trans>Newsletter</Trans>
            </h2>
            <p className="text-sm text-neutral-content/85">
              <Trans>Delivery tips, new services and seasonal offers, once a month.</Trans>
            </p>
            <NewsletterForm />
          </div>
        )}
      </div>
      <p className="mx-auto mt-12 max-w-7xl border-t border-white/15 pt-6 text-center text-sm text-neutral-content/85">
        <Trans>
          © {year} {SHOP_NAME}. All rights reserved.
        </Trans>
      </p>
    </footer>
  );
}
