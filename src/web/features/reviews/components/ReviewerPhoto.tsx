import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { pictureSrcSet } from '#shared/picture.ts';
import { initialsOf } from '../initials.ts';

/** A photo the shop serves itself (uploaded or shipped), not one on another host. */
const isOwnPhoto = (src: string) => src.startsWith('/') && !src.startsWith('//');

/**
 * The reviewer's photo, or their initials when the photo cannot be loaded or is on another host: the
 * pages never make visitors' browsers fetch third-party addresses given as photos (R-REVIEW).
 */
export function ReviewerPhoto({ name, src }: { name: string; src: string }) {
  const { t } = useLingui();
  const [failedSrc, setFailedSrc] = useState<string>();
  if (failedSrc === src || !isOwnPhoto(src)) {
    return (
      <span
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-primary font-display text-xl font-bold text-primary-content"
        aria-hidden="true"
        data-testid="reviewer-initials"
      >
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      src={src}
      srcSet={pictureSrcSet(src)}
      sizes="64px"
      alt={t`Portrait of ${name}`}
      width={64}
      height={64}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      className="h-16 w-16 shrink-0 rounded-full bg-base-300 object-cover"
    />
  );
}
