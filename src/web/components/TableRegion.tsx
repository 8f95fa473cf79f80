import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: a scroll region keyboard users can reach and screen readers
 * name, with the head in full colour (a table's head is dimmed otherwise, below the contrast WCAG asks).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100 [&_thead]:text-base-content"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus so the keyboard can scroll it.
      tabIndex={0}
    >
      {children}
    </section>
  );
}
