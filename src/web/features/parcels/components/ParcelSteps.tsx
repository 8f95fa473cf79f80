import { hubName } from '#shared/hubs.ts';
import { parcelEventText } from '#shared/parcel-events.ts';
import type { TrackingEvent } from '#shared/tracking.ts';
import { useShownMoment } from '#web/lib/shop-time-zone.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';

/**
 * A parcel's steps, newest first, each with its time in the shop's time zone: the public tracking page's
 * (issue 29) and its sender's page's (issue 42).
 */
export function ParcelSteps({ events }: { events: readonly TrackingEvent[] }) {
  const inPageLanguage = useInPageLanguage();
  const { language } = useParcelFormat();
  const shownMoment = useShownMoment();
  return (
    <ol className="mt-4 border-l-2 border-base-300 pl-5">
      {[...events].reverse().map((event, index) => (
        <li key={`${event.at}-${event.status}`} className="relative pb-5">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.7rem] size-3 rounded-full ${index === 0 ? 'bg-primary' : 'bg-base-300'}`}
          />
          <p className={index === 0 ? 'font-semibold' : ''}>
            {inPageLanguage(
              parcelEventText(event.status, { hub: event.hub && hubName(event.hub, language), reason: event.reason }),
            )}
          </p>
          <p className="text-sm text-base-content/70">
            <time dateTime={event.at}>{shownMoment(event.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

const DELIVERED: readonly TrackingEvent['status'][] = ['delivered', 'partially_delivered'];

/** The step that delivered a parcel in `status`, once it is delivered, wholly or partly (issue 42). */
export const deliveredStep = (status: TrackingEvent['status'], events: readonly TrackingEvent[]) =>
  DELIVERED.includes(status) ? events.findLast((event) => event.status === status) : undefined;
