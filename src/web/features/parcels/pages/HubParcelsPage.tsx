import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HUB_IDS, HUBS, type HubId, hubName } from '#shared/hubs.ts';
import { HUB_LISTS, type HubList } from '#shared/parcel-lists.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { ListedParcels } from '../components/ListedParcels.tsx';
import { HUB_LIST_NAMES } from '../components/status-names.ts';

/** The hub an operator last chose, kept on their device: operators work at one hub, and no account names it (decision 173). */
const CHOSEN_HUB_KEY = 'swiftcargo.hub';

const isHub = (value: string | null | undefined): value is HubId =>
  (HUB_IDS as readonly (string | null | undefined)[]).includes(value);
const isHubList = (value: string | null): value is HubList => (HUB_LISTS as readonly (string | null)[]).includes(value);

const hubListPath = (hub: HubId, list: HubList) => `/dashboard/hub?hub=${hub}&list=${list}`;

/**
 * A hub's parcels (R-HUB-LISTS, operators and admins): inbound (in transit to it), on hand and outbound (in
 * transit from it), each a list to act on. The hub and the list are in the address, so a list is a link; the
 * hub last chosen is remembered on the device.
 */
export function HubParcelsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Hub parcels`);
  const { language } = useParcelFormat();
  const navigate = useNavigate();
  const [address] = useSearchParams();
  const inAddress = address.get('hub');
  const hub: HubId = isHub(inAddress) ? inAddress : remembered();
  const listed = address.get('list');
  const list: HubList = isHubList(listed) ? listed : 'on_hand';
  const chooseHub = (chosen: string) => {
    if (!isHub(chosen)) return;
    localStorage.setItem(CHOSEN_HUB_KEY, chosen);
    navigate(hubListPath(chosen, list));
  };
  return (
    <section aria-labelledby="hub-parcels-heading" className="flex flex-col gap-4">
      <h2 id="hub-parcels-heading" className="text-2xl font-bold">
        <Trans>Hub parcels</Trans>
      </h2>
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        <Trans>Your hub</Trans>
        <select className="select select-sm w-full" value={hub} onChange={(event) => chooseHub(event.target.value)}>
          {HUBS.map((each) => (
            <option key={each.id} value={each.id}>
              {hubName(each, language)}
            </option>
          ))}
        </select>
      </label>
      <nav className="join" aria-label={t`The hub’s lists`}>
        {HUB_LISTS.map((each) => (
          <Link
            key={each}
            to={hubListPath(hub, each)}
            className={`btn btn-sm join-item ${each === list ? 'btn-active btn-primary' : ''}`}
            aria-current={each === list ? 'page' : undefined}
          >
            {i18n._(HUB_LIST_NAMES[each])}
          </Link>
        ))}
      </nav>
      <ListedParcels key={`${hub}-${list}`} filter={{ hub, hubList: list }} />
    </section>
  );
}

function remembered(): HubId {
  const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(CHOSEN_HUB_KEY);
  return isHub(kept) ? kept : 'dhaka';
}
