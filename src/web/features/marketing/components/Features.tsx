import { Icon, type IconName } from './Icon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const FEATURES: readonly { title: string; icon: IconName; text: string }[] = [
  {
    title: 'Latest Technology',
    icon: 'chip',
    text: 'Live tracking from pickup to doorstep, barcode scans at every hub and route planning that avoids the traffic before it builds up.',
  },
  {
    title: 'Safe n Insured',
    icon: 'shield',
    text: 'Every parcel is insured at its declared value while it is with us, and fragile goods travel in padded, sealed packaging.',
  },
  {
    title: 'Timely Delivery',
    icon: 'clock',
    text: 'Express parcels arrive within 4 working days, same day delivery runs inside the city, and you get a call before the courier arrives.',
  },
];

const TILES: readonly { title: string; text: string; image: string; alt: string }[] = [
  {
    title: 'Explore our facilities',
    text: 'A 40,000 sq ft sorting hub with racked storage, forklifts and climate-controlled rooms for electronics.',
    image: '/images/marketing/facilities.svg',
    alt: 'A warehouse with racks of boxes and a forklift lifting a carton',
  },
  {
    title: 'View our video',
    text: 'Follow one parcel on its trip from our hub to a customer’s door. Our short film is being edited and will appear here soon.',
    image: '/images/marketing/video.svg',
    alt: 'A delivery truck driving along a highway at sunset, framed like a film strip',
  },
  {
    title: 'The environment',
    text: 'Electric vans for city routes, solar panels on the hub roof and reusable crates for business customers.',
    image: '/images/marketing/environment.svg',
    alt: 'A green electric delivery van beside solar panels and trees',
  },
];

/** Why customers choose us: the three feature cards and three picture tiles (R-HOME). */
export function Features() {
  return (
    <section aria-labelledby="features-heading" className="bg-base-200 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="features-heading" eyebrow="Why choose us" title="Freight you can count on">
          From one parcel to a full truckload, we move goods for shops, offices and families across the country.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body items-start gap-3">
                <span className="rounded-box bg-primary/10 p-3 text-primary">
                  <Icon name={feature.icon} className="h-8 w-8" />
                </span>
                <h3 className="card-title text-xl">{feature.title}</h3>
                <p className="text-base-content/80">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TILES.map((tile) => (
            <li key={tile.title} className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
              <figure className="aspect-[3/2] bg-base-300">
                <img
                  src={tile.image}
                  alt={tile.alt}
                  width={600}
                  height={400}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </figure>
              <div className="card-body gap-2">
                <h3 className="card-title text-lg">{tile.title}</h3>
                <p className="text-sm text-base-content/80">{tile.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
