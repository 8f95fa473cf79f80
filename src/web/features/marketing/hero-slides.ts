/** The three fixed hero slides (R-HOME); not from the server. */
export interface HeroSlide {
  id: string;
  title: string;
  description: string;
  buttonLabel: string;
  /** Base path of the compressed images; `-800.webp` and `-1600.webp` versions ship. */
  image: string;
  imageAlt: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    id: 'dream-laptop',
    title: 'Our Dream Laptop',
    description:
      'Featherlight laptops with all-day batteries, insured from our warehouse to your desk and delivered to any of the 64 districts.',
    buttonLabel: 'DISCOVER',
    image: '/images/hero/dream-laptop',
    imageAlt: 'A slim silver laptop showing a sunset wallpaper on a wooden desk beside a coffee mug and a plant',
  },
  {
    id: 'next-generation',
    title: 'Next Generation level Up',
    description:
      'Give your team 2-in-1 tablets, 4K displays and fast docks: business-ready tech, shipped express in 4 working days.',
    buttonLabel: 'DISCOVER',
    image: '/images/hero/next-generation',
    imageAlt: 'A 2-in-1 tablet with a stylus, surrounded by floating charts and rising bars',
  },
  {
    id: 'gaming',
    title: 'High Quality Gaming Experience',
    description:
      'High-refresh gaming laptops, headsets and controllers, packed like the fragile treasures they are and tracked all the way.',
    buttonLabel: 'DISCOVER',
    image: '/images/hero/gaming',
    imageAlt: 'A gaming laptop with a glowing keyboard and a retro racing game on screen, next to headphones and a controller',
  },
];
