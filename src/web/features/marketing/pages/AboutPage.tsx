import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Message } from '#web/components/Message.tsx';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { COMPANY, DELIVERY_FIGURES } from '../company.ts';
import { CodCharge } from '../components/CodCharge.tsx';
import { FounderNote, FounderNoteTitle } from '../components/FounderNote.tsx';
import { Icon } from '../components/Icon.tsx';
import { type InfoTab, InfoTabs } from '../components/InfoTabs.tsx';
import { SERVICES } from '../services.ts';
import { useScrollToHash } from '../use-scroll-to-hash.ts';

const { districts, subDistricts, expressWorkingDays, payoutDay } = DELIVERY_FIGURES;

const AUDIENCES: readonly { id: string; title: ReactNode; text: ReactNode }[] = [
  {
    id: 'sellers',
    title: <Trans>Online sellers</Trans>,
    text: (
      <Trans>
        Pickup from your door, cash on delivery at <CodCharge /> and payouts every <Message of={payoutDay} />, so you can focus on
        selling.
      </Trans>
    ),
  },
  {
    id: 'businesses',
    title: <Trans>Businesses and offices</Trans>,
    text: (
      <Trans>Freight, warehousing and office equipment on one account, with monthly invoices and a named account manager.</Trans>
    ),
  },
  {
    id: 'traders',
    title: <Trans>Importers and exporters</Trans>,
    text: <Trans>Air and ocean freight with customs paperwork handled, and the road trip to your warehouse included.</Trans>,
  },
  {
    id: 'families',
    title: <Trans>Families and individuals</Trans>,
    text: (
      <Trans>Send a parcel to relatives or move a room of furniture: we collect, pack if you like, and deliver on time.</Trans>
    ),
  },
];

const INFO_TABS: readonly InfoTab[] = [
  {
    id: 'general',
    label: <Trans>GENERAL INFORMATION</Trans>,
    content: (
      <div className="flex flex-col gap-3">
        <p>
          <Trans>
            {SHOP_NAME} is a parcel, freight and logistics company that delivers to all {districts} districts and {subDistricts}+
            sub-districts of the country. We run our own sorting hub in Dhaka, a fleet of trucks and vans, and a team of couriers
            in every divisional city.
          </Trans>
        </p>
        <p>
          <Trans>
            Express parcels arrive within {expressWorkingDays} working days, same day delivery runs inside the city, and every
            parcel is insured while it is with us. Our online shop also sells the laptops, monitors and accessories businesses
            rely on.
          </Trans>
        </p>
      </div>
    ),
  },
  {
    id: 'background',
    label: <Trans>BACKGROUND</Trans>,
    content: (
      <div className="flex flex-col gap-3">
        <p>
          <Trans>
            We started in 2019 with two vans and a rented storeroom, delivering for a handful of online shops that were tired of
            lost parcels and late payouts. Our founder wrote the first tracking system himself, and it still runs our hubs today.
          </Trans>
        </p>
        <p>
          <Trans>
            Since then we have added road, air and ocean freight, warehousing and same day delivery, and grown to more than two
            hundred people, while keeping the promise we started with: on time, in one piece, and paid on the day we said.
          </Trans>
        </p>
      </div>
    ),
  },
  {
    id: 'clients',
    label: <Trans>OUR CLIENTS</Trans>,
    content: (
      <div className="flex flex-col gap-3">
        <p>
          <Trans>
            Our clients range from one-person online shops to national retail chains, electronics importers, garment exporters,
            pharmacies and universities.
          </Trans>
        </p>
        <ul className="list-disc pl-6">
          <li>
            <Trans>Online shops that send hundreds of cash-on-delivery parcels every day</Trans>
          </li>
          <li>
            <Trans>Offices that order their laptops and monitors from us and have them delivered and set up</Trans>
          </li>
          <li>
            <Trans>Manufacturers who keep stock in our warehouse and ship to distributors across the country</Trans>
          </li>
          <li>
            <Trans>Families who send gifts and household goods between cities</Trans>
          </li>
        </ul>
      </div>
    ),
  },
];

const POLICIES: readonly { id: string; title: ReactNode; text: ReactNode }[] = [
  {
    id: 'terms',
    title: <Trans>Terms of Use</Trans>,
    text: (
      <Trans>
        By using this website and our services you agree to give true details about your shipments and orders, not to send goods
        that are illegal or dangerous, and to pay the charges shown when you book. Delivery times are estimates unless you booked
        a time bound delivery. {SHOP_NAME} may refuse a shipment that is unsafe to carry.
      </Trans>
    ),
  },
  {
    id: 'disclaimer',
    title: <Trans>Legal Disclaimer</Trans>,
    text: (
      <Trans>
        The information on this website is provided in good faith for general guidance. Prices, delivery times and product details
        can change, and the binding terms are those confirmed when you book or order. We are not liable for delays caused by
        events beyond our control, such as natural disasters, strikes or road closures.
      </Trans>
    ),
  },
  {
    id: 'privacy',
    title: <Trans>Privacy Policy</Trans>,
    text: (
      <Trans>
        We keep only the personal details we need to deliver your parcels and orders: your name, email address, delivery address
        and phone number. We use them to deliver, to contact you about your shipments and to keep the accounts the law requires.
        We never sell them. Card payments are handled by our payment provider; we do not store card numbers. Ask us at any time to
        see or delete your data.
      </Trans>
    ),
  },
  {
    id: 'support',
    title: <Trans>Support</Trans>,
    text: (
      <Trans>
        Our support team answers by email and phone, <Message of={COMPANY.hours} />. For a parcel question, have your order or
        tracking number ready. Damaged or missing parcels should be reported within 48 hours of delivery so that we can claim the
        insurance for you.
      </Trans>
    ),
  },
];

function Section({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} tabIndex={-1} className={`scroll-mt-20 focus:outline-none ${className}`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Who the company is, whom it serves, what it does, how to reach it, and its policies. */
export function AboutPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`About`);
  useScrollToHash();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-10 sm:py-14">
      <header className="grid items-center gap-8 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-secondary uppercase">
            <Trans>About us</Trans>
          </p>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">
            <Trans>About {SHOP_NAME}</Trans>
          </h1>
          <p className="mt-4 text-lg text-base-content/85">
            <Trans>
              We move parcels, pallets and containers for online shops, businesses and families, to every one of the {districts}{' '}
              districts and {subDistricts}+ sub-districts, and we sell the tech products our business customers run on.
            </Trans>
          </p>
        </div>
        <img
          src="/images/marketing/facilities.svg"
          alt={t`Our sorting hub, with racks of parcels and a forklift at work`}
          width={600}
          height={400}
          className="w-full rounded-box border border-base-300"
        />
      </header>

      <Section id="serve" title={t`Who we serve`}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {AUDIENCES.map((audience) => (
            <li key={audience.id} className="rounded-box border border-base-300 bg-base-100 p-6">
              <h3 className="text-lg font-semibold">{audience.title}</h3>
              <p className="mt-2 text-base-content/80">{audience.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="services" title={t`Our services`}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => (
            <li key={service.icon} className="flex gap-3 rounded-box bg-base-200 p-4">
              <span className="text-secondary">
                <Icon name={service.icon} />
              </span>
              <div>
                <h3 className="font-semibold">{i18n._(service.title)}</h3>
                <p className="mt-1 text-sm text-base-content/80">{i18n._(service.summary)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="founder" title={<FounderNoteTitle />}>
        <FounderNote />
      </Section>

      <Section id="information" title={t`More about us`}>
        <InfoTabs label={t`More about us`} tabs={INFO_TABS} />
      </Section>

      <Section id="contact" title={t`Contact us`}>
        <dl className="grid gap-5 sm:grid-cols-2">
          <div>
            <dt className="font-semibold">
              <Trans>Email</Trans>
            </dt>
            <dd>
              <a href={`mailto:${COMPANY.email}`} className="link link-primary">
                {COMPANY.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <a href={COMPANY.phoneHref} className="link link-primary">
                {COMPANY.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">
              <Trans>Head office and hub</Trans>
            </dt>
            <dd>{i18n._(COMPANY.address)}</dd>
          </div>
          <div>
            <dt className="font-semibold">
              <Trans>Opening hours</Trans>
            </dt>
            <dd>{i18n._(COMPANY.hours)}</dd>
          </div>
        </dl>
      </Section>

      <Section id="policies" title={t`Policies and support`}>
        <div className="grid gap-6 md:grid-cols-2">
          {POLICIES.map((policy) => (
            <section
              key={policy.id}
              id={policy.id}
              aria-labelledby={`${policy.id}-heading`}
              tabIndex={-1}
              className="scroll-mt-20 rounded-box border border-base-300 p-6 focus:outline-none"
            >
              <h3 id={`${policy.id}-heading`} className="text-lg font-semibold">
                {policy.title}
              </h3>
              <p className="mt-2 text-base-content/80">{policy.text}</p>
            </section>
          ))}
        </div>
      </Section>
    </div>
  );
}
