import { useReducedMotion } from 'motion/react';
import { type CSSProperties, useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { CAROUSEL } from '#web/lib/ui-settings.ts';
import { HERO_SLIDES, type HeroSlide } from '../hero-slides.ts';

/** Bullets big and far enough apart to be easy targets (WCAG 2.5.8), in the theme's colours. */
const SWIPER_THEME = {
  '--swiper-pagination-color': '#f59e0b',
  '--swiper-pagination-bullet-inactive-color': '#ffffff',
  '--swiper-pagination-bullet-inactive-opacity': '0.7',
  '--swiper-pagination-bullet-size': '14px',
  '--swiper-pagination-bullet-horizontal-gap': '8px',
  '--swiper-pagination-bottom': '28px',
} as CSSProperties;

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

function Slide({ slide, first }: { slide: HeroSlide; first: boolean }) {
  return (
    <div className="relative h-full w-full overflow-hidden bg-neutral">
      <img
        src={`${slide.image}-1600.webp`}
        srcSet={`${slide.image}-800.webp 800w, ${slide.image}-1600.webp 1600w`}
        sizes="100vw"
        width={1600}
        height={900}
        alt={slide.imageAlt}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        className="absolute inset-0 h-full w-full object-cover object-[72%_center]"
      />
      <div className="absolute inset-0 bg-gradient-to-r from-black/85 via-black/60 to-black/10" aria-hidden="true" />
      <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-6 pb-24 sm:px-20 sm:pb-16 lg:px-24">
        <div className="max-w-xl text-white">
          <h2 className="text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">{slide.title}</h2>
          <p className="mt-4 text-base text-white/90 sm:text-lg">{slide.description}</p>
          <a href="#products" className="btn btn-accent btn-lg mt-8 tracking-widest">
            {slide.buttonLabel}
          </a>
        </div>
      </div>
    </div>
  );
}

/**
 * The full-screen carousel (R-CAROUSEL): autoplay every 2.5 s that keeps going after a swipe or click,
 * 0.6 s transitions, bullets and arrows. A pause button stops it for those who need it (WCAG 2.2.2),
 * and visitors who ask for reduced motion start paused.
 */
export function HeroCarousel() {
  const prefersReducedMotion = useReducedMotion();
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
    <section aria-roledescription="carousel" aria-label="Featured products" className="relative" data-testid="hero-carousel">
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
        onSwiper={setSwiper}
        loop
        speed={CAROUSEL.transitionMs}
        spaceBetween={CAROUSEL.spaceBetweenPx}
        autoplay={{ delay: CAROUSEL.autoplayDelayMs, disableOnInteraction: false }}
        pagination={{ clickable: true }}
        navigation={{ prevEl: '.hero-carousel-prev', nextEl: '.hero-carousel-next' }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ slideLabelMessage: 'Slide {{index}} of {{slidesLength}}' }}
        style={SWIPER_THEME}
        className="h-[calc(100svh-4rem)] min-h-[32rem] max-h-[60rem]"
      >
        {HERO_SLIDES.map((slide, index) => (
          <SwiperSlide key={slide.id} data-testid="hero-slide">
            <Slide slide={slide} first={index === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className={`hero-carousel-prev left-3 sm:left-4 ${ARROW_CLASSES}`} aria-label="Previous slide">
        <ArrowIcon direction="left" />
      </button>
      <button type="button" className={`hero-carousel-next right-3 sm:right-4 ${ARROW_CLASSES}`} aria-label="Next slide">
        <ArrowIcon direction="right" />
      </button>
      <button
        type="button"
        className="btn btn-sm absolute top-3 right-3 z-10 border-white/40 bg-black/60 text-white hover:bg-black/80 sm:top-auto sm:right-4 sm:bottom-4"
        onClick={() => setPlaying((value) => !value)}
      >
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </section>
  );
}
