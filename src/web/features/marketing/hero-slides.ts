import { msg } from '@lingui/core/macro';
import { FIRST_HERO_SLIDE, type HeroSlide } from './first-hero-slide.ts';

/** The three fixed hero slides (R-HOME), in their order. */
export const HERO_SLIDES: readonly HeroSlide[] = [
  FIRST_HERO_SLIDE,
  {
    id: 'next-generation',
    title: msg`Next Generation level Up`,
    description: msg`Give your team 2-in-1 tablets, 4K displays and fast docks: business-ready tech, shipped express in 4 working days.`,
    buttonLabel: msg`DISCOVER`,
    image: '/images/hero/next-generation',
    imageAlt: msg`A 2-in-1 tablet with a stylus, surrounded by floating charts and rising bars`,
  },
  {
    id: 'gaming',
    title: msg`High Quality Gaming Experience`,
    description: msg`High-refresh gaming laptops, headsets and controllers, packed like the fragile treasures they are and tracked all the way.`,
    buttonLabel: msg`DISCOVER`,
    image: '/images/hero/gaming',
    imageAlt: msg`A gaming laptop with a glowing keyboard and a retro racing game on screen, next to headphones and a controller`,
  },
];
