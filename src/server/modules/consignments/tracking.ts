import type { I18n } from '@lingui/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { consignments } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import { findHub, hubName } from '#shared/hubs.ts';
import type { Locale } from '#shared/locale.ts';
import { parcelEventText } from '#shared/parcel-events.ts';
import { shortenedName, TRACKING_MESSAGES, type Tracking, type TrackingEvent } from '#shared/tracking.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { translated } from '#shared/translate.ts';
import { namedPlace } from '../areas/places.ts';
import { type ConsignmentEventRow, eventsOf } from './moves.ts';

const district = (areaId: string) => {
  const { district: place } = namedPlace(areaId);
  return { district: { name: place.name, nameBn: place.nameBn } };
};

/**
 * `GET /api/track/{code}` (R-TRACKING): what anyone holding the code may read, in `locale`. The
 * recipient's first name and initial; no phone, address, amounts or staff notes.
 */
export async function trackingOf(db: Database, typedCode: string, i18n: I18n, locale: Locale): Promise<Tracking> {
  const code = readTrackingCode(typedCode);
  const [row] = code ? await trackedParcel(db).execute({ code }) : [];
  if (!row) throw notFound(TRACKING_MESSAGES.notFound);
  return {
    trackingCode: row.trackingCode,
    status: row.status,
    service: row.service,
    origin: district(row.pickupAreaId),
    destination: district(row.recipientAreaId),
    recipient: { name: shortenedName(row.recipientName) },
    estimatedDelivery: { earliest: row.estimatedEarliest, latest: row.estimatedLatest },
    events: stepsFrom(row.steps, i18n, locale),
    test: row.test,
  };
}

/** A step as the tracking answer takes it: its time as ISO 8601 text in UTC, to the millisecond, as `Date#toISOString`. */
type TrackedStep = Pick<ConsignmentEventRow, 'status' | 'hub' | 'reason'> & { at: string };

/**
 * A parcel's steps, oldest first, as one JSON array, bounded by its booking (the months since then). Names
 * written out: Drizzle leaves a column's table off in a one-table select, and `id` is in both tables.
 */
const trackedSteps = sql<TrackedStep[]>`(
  select coalesce(json_agg(json_build_object(
    'status', step.status, 'hub', step.hub, 'reason', step.reason,
    'at', to_char(step.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by step.id), '[]')
  from consignment_events step
  where step.consignment_id = consignments.id and step.created_at >= consignments.created_at
)`;

/**
 * The public tracking read's parcel and its steps in one statement, prepared once per database and only
 * the columns the answer shows: a miss (a code not kept) had Drizzle build its SQL again and read the
 * parcel's every column, then read its steps in a second round trip (issue 40, decision 189).
 */
const trackedParcel = preparedPerDatabase((db) =>
  db
    .select({
      trackingCode: consignments.trackingCode,
      status: consignments.status,
      service: consignments.service,
      pickupAreaId: consignments.pickupAreaId,
      recipientAreaId: consignments.recipientAreaId,
      recipientName: consignments.recipientName,
      estimatedEarliest: consignments.estimatedEarliest,
      estimatedLatest: consignments.estimatedLatest,
      test: consignments.test,
      steps: trackedSteps,
    })
    .from(consignments)
    .where(eq(consignments.trackingCode, sql.placeholder('code')))
    .limit(1)
    .prepare('public_tracking_parcel'),
);

/**
 * A parcel's steps, oldest first, as the public tracking page shows them and its sender's page too
 * (issue 42): what happened, in `locale`, where and why.
 */
export async function stepsOf(
  db: Database,
  row: Parameters<typeof eventsOf>[1],
  i18n: I18n,
  locale: Locale,
): Promise<TrackingEvent[]> {
  const events = await eventsOf(db, row);
  return stepsFrom(
    events.map((event) => ({ ...event, at: event.createdAt.toISOString() })),
    i18n,
    locale,
  );
}

function stepsFrom(steps: TrackedStep[], i18n: I18n, locale: Locale): TrackingEvent[] {
  return steps.map((step) => {
    const hub = step.hub ? findHub(step.hub) : undefined;
    const text = parcelEventText(step.status, { hub: hub && hubName(hub, locale), reason: step.reason });
    return {
      status: step.status,
      message: translated(i18n, text),
      ...(hub ? { hub: { name: hub.name, nameBn: hub.nameBn } } : {}),
      ...(step.reason ? { reason: step.reason } : {}),
      at: step.at,
    };
  });
}

/**
 * A parcel found by its merchant's invoice number and its recipient's phone (R-TRACKING). A sender's
 * invoice names one live parcel (R-BOOKING), so a cancelled one is passed over when a live one matches;
 * two senders' parcels that both match are not told apart, and neither is shown.
 */
export async function trackingCodeByInvoice(db: Database, invoice: string, phone: string): Promise<string> {
  const rows = await db
    .select({ trackingCode: consignments.trackingCode, status: consignments.status })
    .from(consignments)
    .where(and(eq(consignments.merchantInvoice, invoice), eq(consignments.recipientPhone, phone)))
    .orderBy(sql`${consignments.status} = 'cancelled'`, desc(consignments.createdAt))
    .limit(2);
  const [first, second] = rows;
  const alone = first && (!second || (first.status !== 'cancelled' && second.status === 'cancelled'));
  if (!first || !alone) throw notFound(TRACKING_MESSAGES.notFoundByInvoice);
  return first.trackingCode;
}
