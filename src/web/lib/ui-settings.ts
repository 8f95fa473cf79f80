import { msg } from '@lingui/core/macro';

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
  { value: 1251, label: msg`Packages delivered` },
  { value: 8512, label: msg`Repeat customers` },
  { value: 586, label: msg`Happy clients` },
  { value: 85411, label: msg`Commercial goods` },
] as const;
