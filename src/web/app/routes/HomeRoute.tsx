import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { AnimatedTagline } from '#web/features/marketing/components/AnimatedTagline.tsx';
import { Counters } from '#web/features/marketing/components/Counters.tsx';
import { DeliveryStrip } from '#web/features/marketing/components/DeliveryStrip.tsx';
import { Features } from '#web/features/marketing/components/Features.tsx';
import { HeroCarousel } from '#web/features/marketing/components/HeroCarousel.tsx';
import { ServiceCards } from '#web/features/marketing/components/ServiceCards.tsx';
import { useScrollToHash } from '#web/features/marketing/use-scroll-to-hash.ts';
import { ProductGrid } from '#web/features/products/components/ProductGrid.tsx';
import { Testimonials } from '#web/features/reviews/components/Testimonials.tsx';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** The home page: the marketing sections around the product grid and the testimonials. */
export function HomeRoute() {
  useDocumentTitle();
  const viewer = useViewer();
  useScrollToHash();
  return (
    <>
      <h1 className="sr-only">{SHOP_NAME}: freight, parcel delivery and tech products</h1>
      <HeroCarousel />
      <section id="products" className="mx-auto max-w-7xl scroll-mt-16 px-4 py-16 sm:py-20" aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-center text-3xl font-bold tracking-wide text-primary sm:text-4xl">
          OUR PRODUCTS
        </h2>
        <AnimatedTagline text="Your Business Grow & Successful" />
        <div className="mt-10">
          <ProductGrid signInFirst={!viewer.isPending && !viewer.user} />
        </div>
      </section>
      <Features />
      <ServiceCards />
      <DeliveryStrip />
      <Counters />
      <Testimonials />
    </>
  );
}
