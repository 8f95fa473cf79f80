/** A hero slide (R-HOME): three fixed ones, not from the server. */
export interface HeroSlide {
  id: string;
  title: string;
  description: string;
  buttonLabel: string;
  /** Base path of the compressed images; `-800.webp` and `-1600.webp` versions ship. */
  image: string;
  imageAlt: string;
}

/**
 * The slide in the page's HTML and on screen until the slider has loaded (HeroCarousel): the home page
 * loads its text with the page, the other two slides' with the slider once the browser is idle (R-BUDGETS).
 */
export const FIRST_HERO_SLIDE: HeroSlide = {
  id: 'dream-laptop',
  title: 'Our Dream Laptop',
  description:
    'Featherlight laptops with all-day batteries, insured from our warehouse to your desk and delivered to any of the 64 districts.',
  buttonLabel: 'DISCOVER',
  image: '/images/hero/dream-laptop',
  imageAlt: 'A slim silver laptop showing a sunset wallpaper on a wooden desk beside a coffee mug and a plant',
};
