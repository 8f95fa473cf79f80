import { useLingui } from '@lingui/react/macro';
import { LIMITS } from '#shared/limits.ts';

const STAR = 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6L3.3 9.3l6.1-.7z';

/** The rating as stars to see, and as "N out of 5 stars" for screen readers. */
export function StarRating({ rating }: { rating: number }) {
  const { t } = useLingui();
  return (
    <span role="img" aria-label={t`${rating} out of ${LIMITS.ratingMax} stars`} className="flex gap-0.5">
      {Array.from({ length: LIMITS.ratingMax }, (_, index) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions, not items
          key={index}
          viewBox="0 0 24 24"
          className={`h-5 w-5 ${index < rating ? 'fill-accent text-accent' : 'fill-none text-base-content/40'}`}
          stroke="currentColor"
          strokeWidth={1.5}
          aria-hidden="true"
        >
          <path strokeLinejoin="round" d={STAR} />
        </svg>
      ))}
    </span>
  );
}
