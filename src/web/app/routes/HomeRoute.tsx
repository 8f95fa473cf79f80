import { AnimatedTagline } from '../../features/marketing/components/AnimatedTagline.tsx';
import { Counters } from '../../features/marketing/components/Counters.tsx';
import { DeliveryStrip } from '../../features/marketing/components/DeliveryStrip.tsx';
import { Features } from '../../features/marketing/components/Features.tsx';
import { HeroCarousel } from '../../features/marketing/components/HeroCarousel.tsx';
import { ServiceCards } from '../../features/marketing/components/ServiceCards.tsx';
import { useScrollToHash } from '../../features/marketing/use-scroll-to-hash.ts';
import { ProductGrid } from '../../features/products/components/ProductGrid.tsx';
import { Testimonials } from '../../features/reviews/components/Testimonials.tsx';
import { SHOP_NAME } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The home page: the marketing sections around the product grid and the testimonials. */
export function HomeRoute() {
  useDocumentTitle();
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
          <ProductGrid />
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
