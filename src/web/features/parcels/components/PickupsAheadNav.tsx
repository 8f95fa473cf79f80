import { Plural, useLingui } from '@lingui/react/macro';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { usePickupsAhead } from '../api/use-pickups.ts';

/**
 * Today and the coming days with pickups (R-PICKUPS-AHEAD): each a button to its list, with its pickups and
 * how many still have no rider, so a day's rounds are planned before it comes.
 */
export function PickupsAheadNav({ chosen, onChoose }: { chosen: string; onChoose: (day: string) => void }) {
  const { t } = useLingui();
  const { day } = useParcelFormat();
  const ahead = usePickupsAhead();
  if (!ahead.data || ahead.data.length === 0) return null;
  return (
    <nav aria-label={t`Days with pickups`}>
      <ul className="flex flex-wrap gap-2">
        {ahead.data.map((each) => (
          <li key={each.day}>
            <button
              type="button"
              className={`btn btn-sm h-auto flex-col items-start gap-0 py-1 ${each.day === chosen ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={each.day === chosen}
              onClick={() => onChoose(each.day)}
              data-testid="pickup-day"
            >
              <span>{day(each.day)}</span>
              <span className="text-xs font-normal">
                <Plural value={each.pickups} one="# pickup" other="# pickups" />
                {each.withoutRider > 0 ? (
                  <>
                    {' · '}
                    <Plural value={each.withoutRider} one="# without a rider" other="# without a rider" />
                  </>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
