import { useState } from 'react';
import { initialsOf } from '../initials.ts';

/** The reviewer's photo, or their initials when the photo cannot be loaded. */
export function ReviewerPhoto({ name, src }: { name: string; src: string }) {
  const [failedSrc, setFailedSrc] = useState<string>();
  if (failedSrc === src) {
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
      alt={`Portrait of ${name}`}
      width={64}
      height={64}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      className="h-16 w-16 shrink-0 rounded-full bg-base-300 object-cover"
    />
  );
}
