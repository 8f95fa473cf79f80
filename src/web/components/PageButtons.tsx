import { Trans } from '@lingui/react/macro';
/** Previous and Next between the pages of a list, and where the list stands; nothing when it fits one page. */
export function PageButtons({
  label,
  page,
  pageSize,
  total,
  go,
}: {
  /** What the pages are of, for screen readers: "Catalogue pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  go: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last === 1 && page === 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex items-center justify-center gap-4">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => go(Math.min(page - 1, last))}>
        <Trans>Previous</Trans>
      </button>
      <span aria-current="page">
        <Trans>
          Page {page} of {last}
        </Trans>
      </span>
      <button type="button" className="btn" disabled={page >= last} onClick={() => go(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
