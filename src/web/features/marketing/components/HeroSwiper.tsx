import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { CAROUSEL } from '#web/lib/ui-settings.ts';
import { HERO_SLIDES } from '../hero-slides.ts';
import { HERO_HEIGHT, HeroSlide } from './HeroSlide.tsx';

/** Bullets big and far enough apart to be easy targets (WCAG 2.5.8), in the theme's colours. */
const SWIPER_THEME = {
  '--swiper-pagination-color': '#f59e0b',
  '--swiper-pagination-bullet-inactive-color': '#ffffff',
  '--swiper-pagination-bullet-inactive-opacity': '0.7',
  '--swiper-pagination-bullet-size': '14px',
  '--swiper-pagination-bullet-horizontal-gap': '8px',
  '--swiper-pagination-bottom': '28px',
} as CSSProperties;

/** The moving carousel (R-CAROUSEL), loaded once the page is idle; HeroCarousel holds the controls. */
export function HeroSwiper({ onSwiper }: { onSwiper: (swiper: SwiperInstance) => void }) {
  const { t } = useLingui();
  return (
    <Swiper
      modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
      onSwiper={onSwiper}
      loop
      speed={CAROUSEL.transitionMs}
      spaceBetween={CAROUSEL.spaceBetweenPx}
      autoplay={{ delay: CAROUSEL.autoplayDelayMs, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      navigation={{ prevEl: '.hero-carousel-prev', nextEl: '.hero-carousel-next' }}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{
        slideLabelMessage: t`Slide ${'{{index}}'} of ${'{{slidesLength}}'}`,
        prevSlideMessage: t`Previous slide`,
        nextSlideMessage: t`Next slide`,
        paginationBulletMessage: t`Go to slide ${'{{index}}'}`,
      }}
      style={SWIPER_THEME}
      className={HERO_HEIGHT}
    >
      {HERO_SLIDES.map((slide, index) => (
        <SwiperSlide key={slide.id} data-testid="hero-slide">
          <HeroSlide slide={slide} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
