import { Trans } from '@lingui/react/macro';
/** What a page shows instead of nothing when its data could not be loaded. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto my-8 max-w-xl flex-wrap justify-between">
      <span>
        <Trans>We could not load {what}. Check your connection and try again.</Trans>
      </span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
