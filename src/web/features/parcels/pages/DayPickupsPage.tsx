import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { placeName } from '#shared/place-name.ts';
import { KeysetButtons } from '#web/components/KeysetButtons.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useDayPickups } from '../api/use-pickups.ts';
import { useRiders } from '../api/use-scans.ts';
import { PickupRider } from '../components/PickupRider.tsx';
import { PickupsAheadNav } from '../components/PickupsAheadNav.tsx';
import { PICKUP_WINDOW_NAMES } from '../components/pickup-windows.ts';

/**
 * A day's pickups area by area (R-PICKUPS, operators and admins), today's first: a courier's round per area,
 * window by window, a page at a time (issue 40); an area may go on into the next page. The coming days with
 * pickups are a link each, and every pickup takes the rider sent to collect it (R-PICKUPS-AHEAD).
 */
export function DayPickupsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Pickups`);
  const { day, language } = useParcelFormat();
  const [search, setSearch] = useSearchParams();
  const pages = useKeysetPages();
  // No day chosen: the server's today, in the shop's time zone.
  const pickups = useDayPickups(search.get('day') ?? undefined, pages.cursor);
  const chosen = pickups.data?.day ?? search.get('day') ?? '';
  const riders = useRiders(true);
  const choose = (next: string) => {
    if (!next) return;
    setSearch({ day: next });
    pages.restart();
  };
  const shownDay = chosen ? day(chosen) : '';
  return (
    <section aria-labelledby="pickups-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="pickups-heading" className="text-2xl font-bold">
          <Trans>Pickups on {shownDay}</Trans>
        </h2>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Day</Trans>
          <input type="date" className="input input-sm" value={chosen} onChange={(event) => choose(event.target.value)} />
        </label>
      </div>
      <PickupsAheadNav chosen={chosen} onChoose={(next) => choose(next)} />
      {pickups.isPending ? <Spinner label={t`Loading the pickups`} /> : null}
      {pickups.isError ? <LoadError what={t`the pickups`} onRetry={() => pickups.refetch()} /> : null}
      {pickups.data?.areas.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          <Trans>No pickups that day.</Trans>
        </p>
      ) : null}
      {pickups.data?.areas.map(({ area, pickups: inArea }) => (
        <section key={area.id} aria-label={placeName(area, language)} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-5">
            <h3 className="card-title text-lg">{placeName(area, language)}</h3>
            <ul className="flex flex-col gap-2">
              {inArea.map((pickup) => (
                <li key={pickup.id} className="border-t border-base-200 pt-2" data-testid="day-pickup">
                  <p className="font-medium">
                    {i18n._(PICKUP_WINDOW_NAMES[pickup.window])} · {pickup.name} · {pickup.phone}
                  </p>
                  <p className="text-sm">
                    {pickup.address}
                    {' · '}
                    <Plural value={pickup.parcels} one="# parcel" other="# parcels" />
                  </p>
                  {pickup.note ? <p className="text-sm text-base-content/80">{pickup.note}</p> : null}
                  <PickupRider pickup={pickup} riders={riders.data ?? []} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
      <KeysetButtons
        label={t`Pickups pages`}
        labels={{ back: t`Previous`, onward: t`Next` }}
        isFirst={pages.isFirst}
        next={pickups.data?.next}
        back={pages.back}
        onward={pages.onward}
      />
    </section>
  );
}
