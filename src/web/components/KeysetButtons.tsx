/**
 * Back and onward between the pages of a keyset-paged list (decision 126): "Newer" and "Older" for a
 * list newest first. Nothing when the list fits one page.
 */
export function KeysetButtons({
  label,
  labels,
  isFirst,
  next,
  back,
  onward,
}: {
  /** What the pages are of, for screen readers: "My Parcels pages". */
  label: string;
  labels: { back: string; onward: string };
  isFirst: boolean;
  next: string | null | undefined;
  back: () => void;
  onward: (next: string) => void;
}) {
  if (isFirst && !next) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-4">
      <button type="button" className="btn btn-sm" disabled={isFirst} onClick={back}>
        {labels.back}
      </button>
      <button type="button" className="btn btn-sm" disabled={!next} onClick={() => next && onward(next)}>
        {labels.onward}
      </button>
    </nav>
  );
}
