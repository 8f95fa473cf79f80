/** How the pages move and look, as R-CAROUSEL, R-COUNTERS, R-TOASTS and R-LIMITS set it. No server rule depends on these. */

/** How much of a list or a text the pages show. */
export const DISPLAY_LIMITS = {
  /** Product and order names in cards and tables, then "...". */
  nameLength: 30,
  blogExcerptLength: 160,
  homeGridSize: 8,
  testimonialsPageSize: 3,
} as const;

export const TOAST_AUTO_CLOSE_MS = 5000;

export const CAROUSEL = { autoplayDelayMs: 2500, transitionMs: 600, spaceBetweenPx: 30 } as const;

export const TAGLINE_ANIMATION = { staggerSeconds: 0.06, durationSeconds: 0.8 } as const;

export const COUNTERS = [
  { value: 1251, label: /*i18n*/ 'Packages delivered' },
  { value: 8512, label: /*i18n*/ 'Repeat customers' },
  { value: 586, label: /*i18n*/ 'Happy clients' },
  { value: 85411, label: /*i18n*/ 'Commercial goods' },
] as const;
