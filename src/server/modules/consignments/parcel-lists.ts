import { and, desc, eq, gt, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like-pattern.ts';
import { consignmentEvents, consignments, merchants, user } from '#server/db/schema.ts';
import { CURSOR_SHAPES, readCursor, writeCursor } from '#server/http/keyset-cursor.ts';
import { bdMobileSchema } from '#shared/consignment.ts';
import { STUCK_STATUSES } from '#shared/consignment-status.ts';
import type { HubId } from '#shared/hubs.ts';
import { type AdminParcelsQuery, type HubList, LIST_COUNT_CAP, type SendersParcelsFilter } from '#shared/parcel-lists.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { areaIdsServedBy } from '../areas/places.ts';
import type { ConsignmentRow } from './consignment-row.ts';

/**
 * Lists of parcels (issue 40, decision 126): newest first by (created_at, id), a page at a time, each
 * going on below the last parcel of the one before. Every filter has an index that leads with it and
 * ends (created_at, id), so a page is an index walk that stops at the page, at any depth.
 */
const NEWEST_FIRST = [desc(consignments.createdAt), desc(consignments.id)];

function below(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [createdAt, id] = readCursor(cursor, [CURSOR_SHAPES.timestamp, CURSOR_SHAPES.uuid]);
  return sql`(${consignments.createdAt}, ${consignments.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

export interface ListedParcel {
  parcel: ConsignmentRow;
  merchant: { id: string; businessName: string } | null;
}

/** One page of the parcels `where` selects, below `cursor`, and the cursor of the next page (null on the last). */
export async function parcelsPage(
  db: Database,
  where: SQL | undefined,
  cursor: string | undefined,
  size: number,
): Promise<{ rows: ListedParcel[]; next: string | null }> {
  const found = await db
    .select({
      parcel: consignments,
      createdAtText: sql<string>`${consignments.createdAt}::text`,
      merchantId: merchants.id,
      businessName: merchants.businessName,
    })
    .from(consignments)
    .leftJoin(merchants, eq(merchants.userId, consignments.userId))
    .where(and(where, below(cursor)))
    .orderBy(...NEWEST_FIRST)
    // One more than a page tells whether another follows, without a count.
    .limit(size + 1);
  const page = found.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ parcel, merchantId, businessName }) => ({
      parcel,
      merchant: merchantId && businessName !== null ? { id: merchantId, businessName } : null,
    })),
    next: found.length > size && last ? writeCursor([last.createdAtText, last.parcel.id]) : null,
  };
}

/** How many parcels `where` selects, read no further than LIST_COUNT_CAP (decision 126). */
export async function cappedCount(db: Database, where: SQL | undefined): Promise<{ matches: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(consignments)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [counted] = await db.select({ matches: sql<number>`count(*)`.mapWith(Number) }).from(matching);
  const matches = counted?.matches ?? 0;
  return { matches: Math.min(matches, LIST_COUNT_CAP), capped: matches > LIST_COUNT_CAP };
}

/**
 * The parcels `scope` selects, found first through the index of its exact match (a code's, an invoice's,
 * a phone's or the sender's) and only then sorted: walking every parcel newest first for the few that
 * match read 994,419 rows for an invoice "1001" booked long ago (decision 128).
 */
const foundFirst = (scope: SQL | undefined): SQL =>
  sql`${consignments.id} = any(array(select ${consignments.id} from ${consignments} where ${scope}))`;

/**
 * A search (decision 127): a tracking code as typed, an invoice number, or a recipient's phone in any of
 * the ways it is typed, each exactly; inside one sender's parcels, also any part of the recipient's name
 * (a text shaped as a code or a phone is no name).
 */
export function parcelSearch(typed: string, sender?: string): SQL {
  const code = readTrackingCode(typed);
  const phone = bdMobileSchema.safeParse(typed);
  const matches = or(
    code ? eq(consignments.trackingCode, code) : undefined,
    eq(consignments.merchantInvoice, typed),
    phone.success ? eq(consignments.recipientPhone, phone.data) : undefined,
    sender && !code && !phone.success ? ilike(consignments.recipientName, containsPattern(typed)) : undefined,
  );
  return foundFirst(and(sender ? eq(consignments.userId, sender) : undefined, matches));
}

/**
 * Booked between shop days, both included: a plain range on created_at, the days' starts worked out on
 * the parameters' side, so the (created_at, id) index, or the sender's (user_id, created_at, id), serves it.
 */
function bookedBetween(filter: { from?: string; to?: string }, timeZone: string): SQL | undefined {
  const dayStart = (day: string, after: number) => sql`((${day}::date + ${after}::int)::timestamp AT TIME ZONE ${timeZone})`;
  return and(
    filter.from ? sql`${consignments.createdAt} >= ${dayStart(filter.from, 0)}` : undefined,
    filter.to ? sql`${consignments.createdAt} < ${dayStart(filter.to, 1)}` : undefined,
  );
}

/**
 * A sender's own parcels, and only theirs: My Parcels' status and search, and the merchant API's filters
 * (issue 41, decision 134), all of those asked. An invoice number and a phone are exact matches, found first.
 */
export function sendersParcels(
  userId: string,
  filter: SendersParcelsFilter & { test?: boolean },
  timeZone: string,
): SQL | undefined {
  const { invoice, phone } = filter;
  return and(
    eq(consignments.userId, userId),
    // An API key lists its own kind only (R-SANDBOX); the website shows both, the test ones marked.
    filter.test === undefined ? undefined : eq(consignments.test, filter.test),
    filter.status ? eq(consignments.status, filter.status) : undefined,
    // Walks the sender's (user_id, store_id, created_at, id) index (issue 41).
    filter.store ? eq(consignments.storeId, filter.store) : undefined,
    bookedBetween(filter, timeZone),
    invoice || phone
      ? foundFirst(
          and(
            eq(consignments.userId, userId),
            invoice ? eq(consignments.merchantInvoice, invoice) : undefined,
            phone ? eq(consignments.recipientPhone, phone) : undefined,
          ),
        )
      : undefined,
    filter.q ? parcelSearch(filter.q, userId) : undefined,
  );
}

/** What Operations' lists are read against (R-OPERATIONS-LISTS): now's limits of a stuck parcel and of a recent failure. */
export interface OperationsClock {
  stuckBefore: Date;
  failedSince: Date;
}

/**
 * A parcel stuck (R-OPERATIONS): on its way or on hold, in one status since before `stuckBefore`; read off
 * the partial index of the parcels on their way (decision 123), on Operations and in its list alike.
 */
export const stuckParcel = (stuckBefore: Date): SQL | undefined =>
  and(inArray(consignments.status, [...STUCK_STATUSES]), lt(consignments.statusChangedAt, stuckBefore));

/**
 * A hub's own lists (R-HUB-LISTS, decision 173): on hand is at it; outbound left it in transit (a parcel in
 * transit names the hub it left); inbound is in transit from another hub to an area of its division.
 */
function hubListFilter(hub: HubId, list: HubList): SQL | undefined {
  if (list === 'on_hand') return and(eq(consignments.hub, hub), inArray(consignments.status, ['at_hub', 'at_delivery_hub']));
  if (list === 'outbound') return and(eq(consignments.hub, hub), eq(consignments.status, 'in_transit'));
  return and(
    eq(consignments.status, 'in_transit'),
    ne(consignments.hub, hub),
    inArray(consignments.recipientAreaId, areaIdsServedBy(hub)),
  );
}

/** The staff's list of every parcel, and Operations' counts opened (R-OPERATIONS-LISTS). */
export function adminParcelFilter(filter: AdminParcelsQuery, timeZone: string, clock: OperationsClock): SQL | undefined {
  return and(
    // The sandbox's parcels are no work of the network's (R-SANDBOX).
    eq(consignments.test, false),
    filter.status ? eq(consignments.status, filter.status) : undefined,
    filter.hub && !filter.hubList ? eq(consignments.hub, filter.hub) : undefined,
    filter.hub && filter.hubList ? hubListFilter(filter.hub, filter.hubList) : undefined,
    filter.merchant
      ? sql`${consignments.userId} = (select ${merchants.userId} from ${merchants} where ${merchants.id} = ${filter.merchant})`
      : undefined,
    filter.area ? eq(consignments.recipientAreaId, filter.area) : undefined,
    bookedBetween(filter, timeZone),
    filter.q ? parcelSearch(filter.q) : undefined,
    filter.stuck ? stuckParcel(clock.stuckBefore) : undefined,
    // The failures of the last days by reason, found first through their partial index on the history.
    filter.failed
      ? foundFirst(
          sql`${consignments.id} in (select ${consignmentEvents.consignmentId} from ${consignmentEvents}
            where ${consignmentEvents.status} = 'delivery_failed' and ${consignmentEvents.createdAt} >= ${clock.failedSince}
            and ${consignmentEvents.reason} = ${filter.failed})`,
        )
      : undefined,
    // A rider's parcels, found first through the rider's index; an email that is no rider's lists none.
    filter.rider
      ? foundFirst(
          eq(
            consignments.riderId,
            sql`(select ${user.id} from ${user} where ${user.email} = ${filter.rider.toLowerCase()} and ${user.role} = 'rider')`,
          ),
        )
      : undefined,
    filter.cashHeld ? and(gt(consignments.codCollected, 0), isNull(consignments.codHandedInAt)) : undefined,
  );
}
