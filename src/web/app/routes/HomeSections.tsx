import { Counters } from '#web/features/marketing/components/Counters.tsx';
import { DeliveryStrip } from '#web/features/marketing/components/DeliveryStrip.tsx';
import { Features } from '#web/features/marketing/components/Features.tsx';
import { ServiceCards } from '#web/features/marketing/components/ServiceCards.tsx';
import { Testimonials } from '#web/features/reviews/components/Testimonials.tsx';

/** The home page below the product grid (R-HOME), hydrated once the browser is idle (HomeRoute). */
export function HomeSections() {
  return (
    <>
      <Features />
      <ServiceCards />
      <DeliveryStrip />
      <Counters />
      <Testimonials />
    </>
  );
}
