import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useViewer } from '#web/features/auth/api/use-viewer.ts';
import { AnimatedTagline } from '#web/features/marketing/components/AnimatedTagline.tsx';
import { HeroCarousel } from '#web/features/marketing/components/HeroCarousel.tsx';
import { useScrollToHash } from '#web/features/marketing/use-scroll-to-hash.ts';
import { ProductGrid } from '#web/features/products/components/ProductGrid.tsx';
import { lazyWhenIdle } from '#web/lib/lazy-when-idle.tsx';
import { SHOP_NAME } from '#web/lib/shop.ts';
import { HOME_TITLE_WHAT, homeTitle, useDocumentTitle } from '#web/lib/use-document-title.ts';

// Below the fold: in the server's HTML from the start, its code loads when the browser is idle.
const HomeSections = lazyWhenIdle(() => import('./HomeSections.tsx').then((module) => module.HomeSections));
// Under the hero, so below the first screen: its code too loads when idle (R-BUDGETS); a code typed before is kept (R-EARLY-INPUT).
const TrackingBox = lazyWhenIdle(() => import('#web/components/TrackingBox.tsx').then((module) => module.TrackingBox));

/** The home page: the marketing sections around the product grid and the testimonials. */
export function HomeRoute() {
  const { t, i18n } = useLingui();
  useDocumentTitle(undefined, homeTitle(i18n._(HOME_TITLE_WHAT)));
  useScrollToHash();
  const viewer = useViewer();
  return (
    <>
      <h1 className="sr-only">
        <Trans>{SHOP_NAME}: freight, parcel delivery and tech products</Trans>
      </h1>
      <HeroCarousel />
      {/* Tracking one step from the first page (issue 42): most visitors of a courier come with a code. */}
      <div className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
        <TrackingBox headingId="home-track-heading" />
      </div>
      <section id="products" className="mx-auto max-w-7xl scroll-mt-16 px-4 py-16 sm:py-20" aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-center text-3xl font-bold tracking-wide text-primary sm:text-4xl">
          <Trans>OUR PRODUCTS</Trans>
        </h2>
        <AnimatedTagline text={t`Your Business Grow & Successful`} />
        <div className="mt-10">
          <ProductGrid signInFirst={!viewer.isPending && !viewer.user} />
        </div>
        <div className="mt-10 text-center">
          <Link to="/products" className="btn btn-outline btn-primary">
            <Trans>View all products</Trans>
          </Link>
        </div>
      </section>
      <HomeSections />
    </>
  );
}
