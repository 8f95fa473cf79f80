import { useLingui } from '@lingui/react';
import type { HeroSlide as HeroSlideData } from '../first-hero-slide.ts';

/** The carousel's height: the screen below the navbar, within bounds. */
export const HERO_HEIGHT = 'h-[calc(100svh-4rem)] min-h-[32rem] max-h-[60rem]';

/** One slide; the first is the page's largest picture (LCP), so it loads first and at once. */
export function HeroSlide({ slide, first }: { slide: HeroSlideData; first: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className="relative h-full w-full overflow-hidden bg-neutral">
      <img
        src={`${slide.image}-1600.webp`}
        srcSet={`${slide.image}-800.webp 800w, ${slide.image}-1600.webp 1600w`}
        sizes="100vw"
        width={1600}
        height={900}
        alt={i18n._(slide.imageAlt)}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        className="absolute inset-0 h-full w-full object-cover object-[72%_center]"
      />
      <div className="absolute inset-0 bg-gradient-to-r from-black/85 via-black/60 to-black/10" aria-hidden="true" />
      <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-6 pb-24 sm:px-20 sm:pb-16 lg:px-24">
        <div className="max-w-xl text-white">
          <h2 className="text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">{i18n._(slide.title)}</h2>
          <p className="mt-4 text-base text-white/90 sm:text-lg">{i18n._(slide.description)}</p>
          <a href="#products" className="btn btn-accent btn-lg mt-8 tracking-widest">
            {i18n._(slide.buttonLabel)}
          </a>
        </div>
      </div>
    </div>
  );
}
