import type { Viewer } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  type DayPickups,
  PICKUP_DAYS_AHEAD,
  PICKUP_MESSAGES,
  type Pickup,
  type PickupRequest,
  type PickupsAhead,
  type StaffPickup,
  windowStartHour,
} from '#shared/pickup.ts';
import { namedPlace } from '../areas/places.ts';
import { riderIdByEmail } from '../consignments/service.ts';
import { findAreas } from '../rates/service.ts';
import { dayAfter, isWorkingDay, shopClock } from '../rates/working-days.ts';
import {
  insertPickup,
  listPickupsOf,
  listPickupsOn,
  lockPickup,
  lockPickupOf,
  markCancelled,
  type PickupRow,
  pickupsBetween,
  setPickupRider,
} from './repository.ts';

function presentPickup(row: PickupRow): Pickup {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    area: namedPlace(row.areaId),
    day: row.day,
    window: row.window,
    parcels: row.parcels,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** Why a courier cannot come that day in that window, or undefined (R-PICKUPS). */
function dayProblem(request: PickupRequest, today: string, hour: number): string | undefined {
  if (request.day < today) return PICKUP_MESSAGES.past;
  if (request.day > dayAfter(today, PICKUP_DAYS_AHEAD)) return PICKUP_MESSAGES.tooFar;
  if (!isWorkingDay(request.day)) return PICKUP_MESSAGES.notWorkingDay;
  if (request.day === today && hour >= windowStartHour(request.window)) return PICKUP_MESSAGES.windowStarted;
  return undefined;
}

/** `POST /api/pickups` (R-PICKUPS): a courier to collect the sender's parcels, on a working day, in a window not begun. */
export async function requestPickup(
  context: { db: Database; config: Config },
  viewer: Viewer,
  request: PickupRequest,
  now = new Date(),
): Promise<Pickup> {
  const { areaId: area } = findAreas({ areaId: request.areaId });
  if (!area.pickup) throw badRequest(PICKUP_MESSAGES.noPickupHere, { areaId: PICKUP_MESSAGES.noPickupHere });
  const { day: today, hour } = shopClock(now, context.config.timeZone);
  const problem = dayProblem(request, today, hour);
  if (problem) throw badRequest(problem, { [problem === PICKUP_MESSAGES.windowStarted ? 'window' : 'day']: problem });
  const row = await insertPickup(context.db, {
    userId: viewer.userId,
    name: request.name,
    phone: request.phone,
    address: request.address,
    areaId: area.id,
    day: request.day,
    window: request.window,
    parcels: request.parcels,
    note: request.note ?? null,
  });
  return presentPickup(row);
}

/**
 * `POST /api/pickups/{id}/cancel` (issue 42, R-PICKUPS): the asker calls a courier off while its window has
 * not begun; once it has, the courier may be on the way or have collected the parcels, so it stays.
 */
export async function cancelPickup(
  context: { db: Database; config: Config },
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<Pickup> {
  const { day: today, hour } = shopClock(now, context.config.timeZone);
  return context.db.transaction(async (tx) => {
    const row = await lockPickupOf(tx, viewer.userId, id);
    if (!row) throw notFound(PICKUP_MESSAGES.notFound);
    if (row.cancelledAt) throw conflict(PICKUP_MESSAGES.alreadyCancelled);
    if (row.day < today || (row.day === today && hour >= windowStartHour(row.window)))
      throw conflict(PICKUP_MESSAGES.windowBegun);
    return presentPickup(await markCancelled(tx, row.id, now));
  });
}

export async function listMyPickups(db: Database, viewer: Viewer): Promise<Pickup[]> {
  return (await listPickupsOf(db, viewer.userId, LIMITS.parcelsPageSize)).map(presentPickup);
}

/** `GET /api/admin/pickups?day=`: a page of the day's pickups area by area, for the couriers' rounds. */
export async function pickupsOn(db: Database, day: string, cursor: string | undefined): Promise<DayPickups> {
  const areas: DayPickups['areas'] = [];
  const page = await listPickupsOn(db, day, cursor, LIMITS.dayPickupsPageSize);
  for (const row of page.rows) {
    const pickup = { ...presentPickup(row), rider: row.rider };
    const last = areas.at(-1);
    if (last?.area.id === pickup.area.id) last.pickups.push(pickup);
    else areas.push({ area: pickup.area, pickups: [pickup] });
  }
  return { day, areas, next: page.next };
}

/** `GET /api/admin/pickups/ahead` (R-PICKUPS-AHEAD): today and the days a pickup may be asked for, those with pickups. */
export async function pickupsAhead(db: Database, today: string): Promise<PickupsAhead> {
  return pickupsBetween(db, today, dayAfter(today, PICKUP_DAYS_AHEAD));
}

/**
 * `PUT /api/admin/pickups/{id}/rider` (R-PICKUPS-AHEAD, decision 173): the rider sent to collect a pickup, or
 * none yet; a cancelled pickup takes no rider (409). Its sender is not told: the rider calls before coming.
 */
export async function sendRiderToPickup(
  db: Database,
  id: string,
  riderEmail: string | null,
): Promise<Pick<StaffPickup, 'id' | 'rider'>> {
  const rider = riderEmail ? await riderIdByEmail({ db }, riderEmail) : null;
  const sent = await db.transaction(async (tx) => {
    const row = await lockPickup(tx, id);
    if (!row) throw notFound(PICKUP_MESSAGES.noSuchPickup);
    if (row.cancelledAt) throw conflict(PICKUP_MESSAGES.cancelledNoRider);
    return setPickupRider(tx, id, rider);
  });
  return { id, rider: sent };
}

export const todayIn = (config: Config, now = new Date()) => shopClock(now, config.timeZone).day;
