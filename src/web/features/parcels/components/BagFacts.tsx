import { useLingui } from '@lingui/react/macro';
import type { BagStatus } from '#shared/bag.ts';
import { findHub, hubName } from '#shared/hubs.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { BAG_STATUS_NAMES, bagStatusTone } from './bag-names.ts';

/** A hub's name in the page's language, from its id (R-BAGS: a bag names the hubs it goes between). */
export function useHubName() {
  const { language } = useParcelFormat();
  return (id: string) => {
    const hub = findHub(id);
    return hub ? hubName(hub, language) : id;
  };
}

export function BagStatusBadge({ status }: { status: BagStatus }) {
  const { i18n } = useLingui();
  return <span className={`badge badge-soft ${bagStatusTone(status)}`}>{i18n._(BAG_STATUS_NAMES[status])}</span>;
}

/** Why a bag's dispatch or arrival failed, where its button was (R-BAGS). */
export function BagMoveError({ error }: { error: Error | null }) {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  if (!error) return null;
  return (
    <p role="alert" className="alert alert-error alert-soft">
      {inPageLanguage(errorMessage(error, t`The bag could not be moved. Please try again.`))}
    </p>
  );
}
