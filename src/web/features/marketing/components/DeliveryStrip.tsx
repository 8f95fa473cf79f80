import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useFormat } from '#web/lib/use-format.ts';
import { DELIVERY_FIGURES } from '../company.ts';
import { useCodCharge } from './CodCharge.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { SectionHeading } from './SectionHeading.tsx';

/** The delivery options and figures in the page's language, its digits among them. */
function useDeliveryFigures() {
  const { t, i18n } = useLingui();
  const { count } = useFormat();
  const districts = count(DELIVERY_FIGURES.districts);
  const subDistricts = `${count(DELIVERY_FIGURES.subDistricts)}+`;
  const days = count(DELIVERY_FIGURES.expressWorkingDays);
  const codCharge = useCodCharge();
  const payoutDay = i18n._(DELIVERY_FIGURES.payoutDay);
  const options: readonly { name: string; icon: IconName; text: string }[] = [
    {
      name: t`Premium`,
      icon: 'star',
      text: t`Door-to-door in all ${districts} districts with a dedicated handler and a photo at delivery.`,
    },
    {
      name: t`Express`,
      icon: 'bolt',
      text: t`Delivered within ${days} working days anywhere in the country, tracked at every hub.`,
    },
    {
      name: t`Cargo`,
      icon: 'truck',
      text: t`Pallets and bulk goods by road to ${subDistricts} sub-districts, with loading help at both ends.`,
    },
    {
      name: t`Courier`,
      icon: 'cash',
      text: t`Parcels with cash on delivery at a ${codCharge} COD charge, and your money paid out every ${payoutDay}.`,
    },
  ];
  const figures: readonly { value: string; label: string }[] = [
    { value: districts, label: t`districts` },
    { value: subDistricts, label: t`sub-districts` },
    { value: t`${days} working days`, label: t`express delivery` },
    { value: codCharge, label: t`COD charge` },
    { value: t`Every ${payoutDay}`, label: t`payment to sellers` },
  ];
  return { options, figures, payoutDay };
}

/** The delivery strip (R-HOME): Premium, Express, Cargo and Courier, with its marketing figures. */
export function DeliveryStrip() {
  const { t } = useLingui();
  const { options, figures, payoutDay } = useDeliveryFigures();
  return (
    <section aria-labelledby="delivery-heading" className="bg-neutral px-4 py-16 text-neutral-content sm:py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="delivery-heading"
          eyebrow={t`Delivery options`}
          title={t`We reach every corner of the country`}
          tone="dark"
        >
          <Trans>Sell online and let us deliver: choose the speed, we handle the rest and pay you every {payoutDay}.</Trans>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {options.map(({ name, ...option }) => (
            <li key={name} className="rounded-box border border-white/15 bg-white/5 p-6">
              <span className="inline-flex rounded-box bg-accent p-3 text-accent-content">
                <Icon name={option.icon} className="h-7 w-7" />
              </span>
              <h3 className="mt-4 text-xl font-bold text-white">{name}</h3>
              <p className="mt-2 text-white/85">{option.text}</p>
              <Link to="/ship" className="btn btn-accent btn-sm mt-4">
                <Trans>Get a price</Trans>
                <span className="sr-only">
                  {' '}
                  <Trans>for {name}</Trans>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <dl className="mt-12 grid grid-cols-2 gap-6 border-t border-white/15 pt-10 text-center sm:grid-cols-3 lg:grid-cols-5">
          {figures.map((figure) => (
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
