/** The spec's business constants and the limits we chose where it was silent. */
export const LIMITS = {
  displayNameLength: 30,
  blogExcerptLength: 160,
  priceMaxLength: 20,
  ratingMin: 1,
  ratingMax: 5,
  passwordMinLength: 6,
  testimonialsPageSize: 3,
  homeGridSize: 8,
  toastAutoCloseMs: 5000,
  productNameMaxLength: 120,
  productDescriptionMaxLength: 2000,
  pictureUrlMaxLength: 2048,
  reviewDescriptionMaxLength: 1000,
  addressMaxLength: 200,
  phoneMinLength: 6,
  phoneMaxLength: 20,
  uploadMaxBytes: 5 * 1024 * 1024,
  /** Stock and order quantities; keeps every total well inside the database's integer columns. */
  quantityMax: 1_000_000,
  /** The most a product may cost and an order may total: card providers refuse larger single charges. */
  priceMaxCents: 99_999_999,
  accessTokenTtlSeconds: 15 * 60,
} as const;

export const CAROUSEL = { autoplayDelayMs: 2500, transitionMs: 600, spaceBetweenPx: 30 } as const;
export const TAGLINE_ANIMATION = { staggerSeconds: 0.06, durationSeconds: 0.8 } as const;
export const COUNTERS = [
  { value: 1251, label: 'Packages delivered' },
  { value: 8512, label: 'Repeat customers' },
  { value: 586, label: 'Happy clients' },
  { value: 85411, label: 'Commercial goods' },
] as const;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
