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
import { eventsOf } from './moves.ts';

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
    events: stepsFrom(await eventsOf(db, row), i18n, locale),
    test: row.test,
  };
}

/**
 * The public tracking read's parcel, prepared once per database and only the columns the answer shows: a
 * miss (a code not kept) had Drizzle build its SQL again and read the parcel's every column (issue 40).
 */
const trackedParcel = preparedPerDatabase((db) =>
  db
    .select({
      id: consignments.id,
      trackingCode: consignments.trackingCode,
      status: consignments.status,
      service: consignments.service,
      pickupAreaId: consignments.pickupAreaId,
      recipientAreaId: consignments.recipientAreaId,
      recipientName: consignments.recipientName,
      estimatedEarliest: consignments.estimatedEarliest,
      estimatedLatest: consignments.estimatedLatest,
      createdAt: consignments.createdAt,
      test: consignments.test,
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
  return stepsFrom(await eventsOf(db, row), i18n, locale);
}

function stepsFrom(events: Awaited<ReturnType<typeof eventsOf>>, i18n: I18n, locale: Locale): TrackingEvent[] {
  return events.map((event) => {
    const hub = event.hub ? findHub(event.hub) : undefined;
    const text = parcelEventText(event.status, { hub: hub && hubName(hub, locale), reason: event.reason });
    return {
      status: event.status,
      message: translated(i18n, text),
      ...(hub ? { hub: { name: hub.name, nameBn: hub.nameBn } } : {}),
      ...(event.reason ? { reason: event.reason } : {}),
      at: event.createdAt.toISOString(),
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
