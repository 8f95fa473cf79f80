import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A hero slide (R-HOME): three fixed ones, not from the server. */
export interface HeroSlide {
  id: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  buttonLabel: MessageDescriptor;
  /** Base path of the compressed images; `-800.webp` and `-1600.webp` versions ship. */
  image: string;
  imageAlt: MessageDescriptor;
}

/**
 * The slide in the page's HTML and on screen until the slider has loaded (HeroCarousel): the home page
 * loads its text with the page, the other two slides' with the slider once the browser is idle (R-BUDGETS).
 */
export const FIRST_HERO_SLIDE: HeroSlide = {
  id: 'dream-laptop',
  title: msg`Our Dream Laptop`,
  description: msg`Featherlight laptops with all-day batteries, insured from our warehouse to your desk and delivered to any of the 64 districts.`,
  buttonLabel: msg`DISCOVER`,
  image: '/images/hero/dream-laptop',
  imageAlt: msg`A slim silver laptop showing a sunset wallpaper on a wooden desk beside a coffee mug and a plant`,
};
