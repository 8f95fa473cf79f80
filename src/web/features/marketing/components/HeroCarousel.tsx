import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { whenIdle } from '#web/lib/idle.ts';
import { useReducedMotion } from '#web/lib/use-reduced-motion.ts';
import { FIRST_HERO_SLIDE } from '../first-hero-slide.ts';
import { HERO_HEIGHT, HeroSlide } from './HeroSlide.tsx';

type MovingCarousel = ComponentType<{ onSwiper: (swiper: SwiperInstance) => void }>;

/**
 * The slider's code, asked for when the browser has nothing else to do, and drawn as a transition, in
 * slices a tap can interrupt: on a phone it was the home page's longest task after hydration (R-FIRST-PAINT).
 */
function useMovingCarousel(): MovingCarousel | undefined {
  const [Moving, setMoving] = useState<MovingCarousel>();
  useEffect(() => {
    let cancelled = false;
    const cancelIdle = whenIdle(() =>
      import('./HeroSwiper.tsx').then(({ HeroSwiper }) => {
        if (!cancelled) startTransition(() => setMoving(() => HeroSwiper));
      }),
    );
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);
  return Moving;
}

/** Arrows sit beside the bullets on phones, where the slide text needs the full width, and mid-height above. */
const ARROW_CLASSES =
  'btn btn-circle absolute bottom-4 z-10 border-white/40 bg-black/50 text-white hover:bg-black/70 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2';

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2.5} aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/**
 * The full-screen carousel (R-CAROUSEL): autoplay every 2.5 s that keeps going after a swipe or click,
 * 0.6 s transitions, bullets and arrows. A pause button stops it for those who need it (WCAG 2.2.2),
 * and visitors who ask for reduced motion start paused. The page's HTML has the first slide; the
 * slider and its library (HeroSwiper) load once the page is idle, so they never delay the first paint.
 */
export function HeroCarousel() {
  const { t } = useLingui();
  const prefersReducedMotion = useReducedMotion();
  const Moving = useMovingCarousel();
  const [swiper, setSwiper] = useState<SwiperInstance>();
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    if (prefersReducedMotion) setPlaying(false);
  }, [prefersReducedMotion]);

  useEffect(() => {
    if (!swiper?.autoplay) return;
    if (playing) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, playing]);

  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Featured products`}
      className="relative"
      data-testid="hero-carousel"
    >
      {Moving ? (
        <Moving onSwiper={setSwiper} />
      ) : (
        <div className={`overflow-hidden ${HERO_HEIGHT}`} data-testid="hero-slide">
          <HeroSlide slide={FIRST_HERO_SLIDE} first />
        </div>
      )}
      <button type="button" className={`hero-carousel-prev left-3 sm:left-4 ${ARROW_CLASSES}`} aria-label={t`Previous slide`}>
        <ArrowIcon direction="left" />
      </button>
      <button type="button" className={`hero-carousel-next right-3 sm:right-4 ${ARROW_CLASSES}`} aria-label={t`Next slide`}>
        <ArrowIcon direction="right" />
      </button>
      <button
        type="button"
        className="btn btn-sm absolute top-3 right-3 z-10 border-white/40 bg-black/60 text-white hover:bg-black/80 sm:top-auto sm:right-4 sm:bottom-4"
        onClick={() => setPlaying((value) => !value)}
      >
        {playing ? <Trans>Pause slideshow</Trans> : <Trans>Play slideshow</Trans>}
      </button>
    </section>
  );
}
