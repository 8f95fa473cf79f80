import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { deliveredShare, type OutcomeCounts, type ParcelOutcomes } from '#shared/parcel-outcomes.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { TableRegion } from './TableRegion.tsx';

const BAR = 10;
const GAP = 4;
const HEIGHT = 100;

/**
 * How parcels booked in each of the last 12 weeks ended (R-PARCEL-OUTCOMES, decision 171), as plain SVG
 * stacked bars like the Overview's days (no chart library: nothing added to the bundle): delivered, returned,
 * and the rest. The drawing is for the eye; the same figures are in the table below it.
 */
export function WeeklyOutcomes({ outcomes, headingId }: { outcomes: ParcelOutcomes; headingId: string }) {
  const { t } = useLingui();
  const { count, day } = useParcelFormat();
  const { weeks } = outcomes;
  const share = deliveredShare(weeks);
  const totalOf = (week: ParcelOutcomes['weeks'][number]) => week.delivered + week.returned + week.cancelled + week.open;
  const highest = Math.max(0, ...weeks.map(totalOf));
  const width = weeks.length * (BAR + GAP) - GAP;
  const scale = (parcels: number) => (highest === 0 ? 0 : (parcels / highest) * HEIGHT);
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 p-4" data-testid="weekly-outcomes">
      <h3 id={headingId} className="text-xl font-semibold">
        <Trans>Delivered and returned, by week booked</Trans>
      </h3>
      <p className="mt-1 text-sm">
        {share === null ? (
          <Trans>No parcel booked in the last 12 weeks has been delivered or returned yet.</Trans>
        ) : (
          <Trans>
            <span className="font-semibold">{count(share)}% delivered</span> of the parcels booked in the last 12 weeks that were
            delivered or returned.
          </Trans>
        )}
      </p>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-32 w-full"
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={width} y2={HEIGHT - 0.5} className="stroke-base-300" strokeWidth="1" />
        {weeks.map((week, index) => {
          const delivered = scale(week.delivered);
          const returned = scale(week.returned);
          const rest = scale(week.cancelled + week.open);
          const x = index * (BAR + GAP);
          return (
            <g key={week.week}>
              <rect x={x} y={HEIGHT - delivered} width={BAR} height={delivered} className="fill-success" />
              <rect x={x} y={HEIGHT - delivered - returned} width={BAR} height={returned} className="fill-error" />
              <rect x={x} y={HEIGHT - delivered - returned - rest} width={BAR} height={rest} className="fill-base-300" />
            </g>
          );
        })}
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-xs">
          <span>{day(first.week)}</span>
          <span>{day(last.week)}</span>
        </div>
      ) : null}
      <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-success" /> <Trans>Delivered</Trans>
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-error" /> <Trans>Returned</Trans>
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm bg-base-300" /> <Trans>Cancelled or on the way</Trans>
        </li>
      </ul>
      <details className="mt-3">
        <summary className="mb-2 cursor-pointer text-sm">
          <Trans>The figures, week by week</Trans>
        </summary>
        <TableRegion label={t`Parcels by the week they were booked in, and how they ended`}>
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t`Week of`}</th>
                <th scope="col">{t`Delivered`}</th>
                <th scope="col">{t`Returned`}</th>
                <th scope="col">{t`Cancelled`}</th>
                <th scope="col">{t`On the way`}</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">{day(week.week)}</th>
                  <td>{count(week.delivered)}</td>
                  <td>{count(week.returned)}</td>
                  <td>{count(week.cancelled)}</td>
                  <td>{count(week.open)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
      <ByConfirmation outcomes={outcomes} />
    </section>
  );
}

/**
 * How confirmed parcels fared against the others (issue 44's "Measure it", decision 182): of the same weeks'
 * parcels that were delivered or returned, the shares of each, by whether their recipients confirmed them.
 */
function ByConfirmation({ outcomes }: { outcomes: ParcelOutcomes }) {
  const { t } = useLingui();
  const { count } = useParcelFormat();
  const groups: [string, OutcomeCounts][] = [
    [t`Confirmed by the recipient`, outcomes.byConfirmation.confirmed],
    [t`Asked, not confirmed`, outcomes.byConfirmation.unconfirmed],
    [t`Never asked`, outcomes.byConfirmation.notAsked],
  ];
  const percent = (share: number | null) => (share === null ? '—' : t`${count(share)}%`);
  const captionId = useId();
  // The question above the table, not its <caption>: a caption is as wide as the table, which scrolls on a
  // phone, so the question was cut at the screen's edge.
  return (
    <div className="mt-3 flex flex-col gap-2">
      <p id={captionId} className="text-sm font-semibold">
        <Trans>Did confirming before pickup help? Parcels of the same 12 weeks that were delivered or returned</Trans>
      </p>
      <TableRegion label={t`Delivered and returned, by whether the recipient confirmed before pickup`}>
        <table className="table table-sm" data-testid="outcomes-by-confirmation" aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">{t`Recipient`}</th>
              <th scope="col">{t`Delivered or returned`}</th>
              <th scope="col">{t`Delivered`}</th>
              <th scope="col">{t`Returned`}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map(([label, group]) => {
              const delivered = deliveredShare([group]);
              return (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{count(group.delivered + group.returned)}</td>
                  <td>{percent(delivered)}</td>
                  <td>{percent(delivered === null ? null : 100 - delivered)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}
