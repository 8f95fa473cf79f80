import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Overview } from '#shared/overview.ts';

const BAR = 8;
const GAP = 2;
const HEIGHT = 100;

/** A day's date as the chart's ends read it: "24 Nov". */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/**
 * One figure of the last 30 days as plain SVG bars (R-OVERVIEW): the drawing is for the eye, so screen
 * readers skip it; the page gives the same figures as a table.
 */
export function DailyBars({
  title,
  days,
  value,
  format,
}: {
  title: string;
  days: Overview['days'];
  value: (day: Overview['days'][number]) => number;
  format: (value: number) => ReactNode;
}) {
  const highest = Math.max(0, ...days.map(value));
  const width = days.length * (BAR + GAP) - GAP;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="card border border-base-300 bg-base-100 p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-xs text-base-content/80">
          <Trans>highest {format(highest)}</Trans>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-32 w-full"
        aria-hidden="true"
        focusable="false"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={width} y2={HEIGHT - 0.5} className="stroke-base-300" strokeWidth="1" />
        {days.map((day, index) => {
          const height = highest === 0 ? 0 : Math.max((value(day) / highest) * HEIGHT, value(day) > 0 ? 1 : 0);
          return (
            <rect
              key={day.date}
              x={index * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx="1"
              className="fill-primary"
            />
          );
        })}
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-xs text-base-content/80">
          <span>{shortDate(first.date)}</span>
          <span>{shortDate(last.date)}</span>
        </div>
      ) : null}
    </figure>
  );
}
