import { DELIVERY_FIGURES } from '../company.ts';
import { Icon, type IconName } from './Icon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

const { districts, subDistricts, expressWorkingDays, codCharge, payoutDay } = DELIVERY_FIGURES;

const OPTIONS: readonly { name: string; icon: IconName; text: string }[] = [
  {
    name: 'Premium',
    icon: 'star',
    text: `Door-to-door in all ${districts} districts with a dedicated handler and a photo at delivery.`,
  },
  {
    name: 'Express',
    icon: 'bolt',
    text: `Delivered within ${expressWorkingDays} working days anywhere in the country, tracked at every hub.`,
  },
  {
    name: 'Cargo',
    icon: 'truck',
    text: `Pallets and bulk goods by road to ${subDistricts} sub-districts, with loading help at both ends.`,
  },
  {
    name: 'Courier',
    icon: 'cash',
    text: `Parcels with cash on delivery at a ${codCharge} COD charge, and your money paid out every ${payoutDay}.`,
  },
];

const FIGURES: readonly { value: string; label: string }[] = [
  { value: districts, label: 'districts' },
  { value: subDistricts, label: 'sub-districts' },
  { value: `${expressWorkingDays} working days`, label: 'express delivery' },
  { value: codCharge, label: 'COD charge' },
  { value: `Every ${payoutDay}`, label: 'payment to sellers' },
];

/** The delivery strip (R-HOME): Premium, Express, Cargo and Courier, with its marketing figures. */
export function DeliveryStrip() {
  return (
    <section aria-labelledby="delivery-heading" className="bg-neutral px-4 py-16 text-neutral-content sm:py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="delivery-heading" eyebrow="Delivery options" title="We reach every corner of the country" tone="dark">
          Sell online and let us deliver: choose the speed, we handle the rest and pay you every {payoutDay}.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {OPTIONS.map((option) => (
            <li key={option.name} className="rounded-box border border-white/15 bg-white/5 p-6">
              <span className="inline-flex rounded-box bg-accent p-3 text-accent-content">
                <Icon name={option.icon} className="h-7 w-7" />
              </span>
              <h3 className="mt-4 text-xl font-bold text-white">{option.name}</h3>
              <p className="mt-2 text-white/85">{option.text}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-12 grid grid-cols-2 gap-6 border-t border-white/15 pt-10 text-center sm:grid-cols-3 lg:grid-cols-5">
          {FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-white/80">{figure.label}</dt>
              <dd className="font-display text-2xl font-bold text-accent xl:text-3xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
