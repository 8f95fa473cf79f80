import { Trans, useLingui } from '@lingui/react/macro';
import { findHub, hubName } from '#shared/hubs.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import type { AllParcelsFilter } from '../api/use-all-parcels.ts';
import { FAILURE_REASON_NAMES, HUB_LIST_NAMES } from './status-names.ts';

/** What a count on Operations opened, in words, with a button to list every parcel again (R-OPERATIONS-LISTS). */
export function OperationsFilter({ filter, onPutAside }: { filter: AllParcelsFilter; onPutAside: () => void }) {
  const { i18n } = useLingui();
  const { language } = useParcelFormat();
  const hub = filter.hub ? findHub(filter.hub) : undefined;
  const shown = [
    filter.stuck ? <Trans key="stuck">Stuck: too long in one status</Trans> : null,
    filter.failed ? <Trans key="failed">Failed in the last 7 days: {i18n._(FAILURE_REASON_NAMES[filter.failed])}</Trans> : null,
    filter.rider ? <Trans key="rider">Given to {filter.rider}</Trans> : null,
    filter.cashHeld ? <Trans key="cash">Cash not handed in</Trans> : null,
    filter.hubList && hub ? (
      <span key="hub-list">
        {hubName(hub, language)}: {i18n._(HUB_LIST_NAMES[filter.hubList])}
      </span>
    ) : null,
  ].filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="operations-filter">
      {shown.map((part, index) => (
        <span key={String(index)} className="badge badge-soft badge-info h-auto py-1">
          {part}
        </span>
      ))}
      <button type="button" className="btn btn-ghost btn-xs" onClick={onPutAside}>
        <Trans>Every parcel</Trans>
      </button>
    </p>
  );
}
