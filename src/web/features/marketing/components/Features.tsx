import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from './Icon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const FEATURES: readonly { title: MessageDescriptor; icon: IconName; text: MessageDescriptor }[] = [
  {
    title: msg`Latest Technology`,
    icon: 'chip',
    text: msg`Live tracking from pickup to doorstep, barcode scans at every hub and route planning that avoids the traffic before it builds up.`,
  },
  {
    title: msg`Safe n Insured`,
    icon: 'shield',
    text: msg`Every parcel is insured at its declared value while it is with us, and fragile goods travel in padded, sealed packaging.`,
  },
  {
    title: msg`Timely Delivery`,
    icon: 'clock',
    text: msg`Express parcels arrive within 4 working days, same day delivery runs inside the city, and you get a call before the courier arrives.`,
  },
];

const TILES: readonly { title: MessageDescriptor; text: MessageDescriptor; image: string; alt: MessageDescriptor }[] = [
  {
    title: msg`Explore our facilities`,
    text: msg`A 40,000 sq ft sorting hub with racked storage, forklifts and climate-controlled rooms for electronics.`,
    image: '/images/marketing/facilities.svg',
    alt: msg`A warehouse with racks of boxes and a forklift lifting a carton`,
  },
  {
    title: msg`View our video`,
    text: msg`Follow one parcel on its trip from our hub to a customer’s door. Our short film is being edited and will appear here soon.`,
    image: '/images/marketing/video.svg',
    alt: msg`A delivery truck driving along a highway at sunset, framed like a film strip`,
  },
  {
    title: msg`The environment`,
    text: msg`Electric vans for city routes, solar panels on the hub roof and reusable crates for business customers.`,
    image: '/images/marketing/environment.svg',
    alt: msg`A green electric delivery van beside solar panels and trees`,
  },
];

/** Why customers choose us: the three feature cards and three picture tiles (R-HOME). */
export function Features() {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="features-heading" className="bg-base-200 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="features-heading" eyebrow={t`Why choose us`} title={t`Freight you can count on`}>
          <Trans>From one parcel to a full truckload, we move goods for shops, offices and families across the country.</Trans>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.icon} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body items-start gap-3">
                <span className="rounded-box bg-primary/10 p-3 text-primary">
                  <Icon name={feature.icon} className="h-8 w-8" />
                </span>
                <h3 className="card-title text-xl">{i18n._(feature.title)}</h3>
                <p className="text-base-content/80">{i18n._(feature.text)}</p>
              </div>
            </li>
          ))}
        </ul>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TILES.map((tile) => (
            <li key={tile.image} className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
              <figure className="aspect-[3/2] bg-base-300">
                <img
                  src={tile.image}
                  alt={i18n._(tile.alt)}
                  width={600}
                  height={400}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </figure>
              <div className="card-body gap-2">
                <h3 className="card-title text-lg">{i18n._(tile.title)}</h3>
                <p className="text-sm text-base-content/80">{i18n._(tile.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
