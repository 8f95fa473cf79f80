import { randomInt } from 'node:crypto';
import type { I18n } from '@lingui/core';
import type { Database, Transaction } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { conflict, HttpError, notFound } from '#server/http/errors.ts';
import {
  BAG_MESSAGES,
  BAG_PREFIX,
  BAG_RANDOM_LENGTH,
  type Bag,
  type BagPage,
  type BagParcelPage,
  type BagParcelView,
  type BagScanAnswer,
  type BagScanResult,
  type BagStatus,
  bagMoveProblem,
  type OpenBag,
  readBagCode,
} from '#shared/bag.ts';
import type { HubId } from '#shared/hubs.ts';
import { LIMITS } from '#shared/limits.ts';
import { TRACKING_MESSAGES } from '#shared/tracking.ts';
import { CROCKFORD, checkCharacter, readTrackingCode } from '#shared/tracking-code.ts';
import { translated } from '#shared/translate.ts';
import { namedPlace } from '../areas/places.ts';
import {
  lockParcel,
  lockParcelsById,
  type MoveContext,
  moveLockedParcel,
  parcelCannotMove,
  trackingChanged,
} from '../consignments/bag-moves.ts';
import {
  type BaggedParcel,
  type BagRow,
  bagPage,
  bagParcelIds,
  bagParcelPage,
  type CountedBag,
  carryingBag,
  endCarrying,
  findCountedBag,
  insertBag,
  lockBag,
  manifestParcels,
  markReceived,
  parcelCount,
  putInBag,
  recordExtra,
  setBagStatus,
  takeOutOfBag,
} from './repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function presentBag({ bag, parcels, received, extra }: CountedBag): Bag {
  return {
    code: bag.code,
    origin: bag.origin as HubId,
    destination: bag.destination as HubId,
    status: bag.status,
    parcels,
    received,
    // Missing is what arrived on paper and was not scanned out of the bag (R-BAGS).
    missing: bag.status === 'arrived' ? parcels - received : 0,
    extra,
    openedAt: bag.createdAt.toISOString(),
    closedAt: iso(bag.closedAt),
    dispatchedAt: iso(bag.dispatchedAt),
    arrivedAt: iso(bag.arrivedAt),
  };
}

const presentBagParcel = ({ recipientAreaId, ...parcel }: BaggedParcel) => ({
  ...parcel,
  area: namedPlace(recipientAreaId),
});

/** A new bag code: eight characters from the system's secure random source, and the check (src/shared/bag.ts). */
function newBagCode(): string {
  let body = '';
  for (let index = 0; index < BAG_RANDOM_LENGTH; index++) body += CROCKFORD[randomInt(CROCKFORD.length)];
  return `${BAG_PREFIX}${body}${checkCharacter(body)}`;
}

/** A bag's code read from a typed or scanned one; 404 when it cannot be one. */
function bagCodeOf(typed: string): string {
  const code = readBagCode(typed);
  if (!code) throw notFound(BAG_MESSAGES.notFound);
  return code;
}

export async function openBag(db: Database, actorId: string, bag: OpenBag): Promise<Bag> {
  const row = await insertBag(db, { ...bag, code: newBagCode(), openedBy: actorId });
  return presentBag({ bag: row, parcels: 0, received: 0, extra: 0 });
}

/** The bag with this code and its counts; 404 when there is none. */
async function countedBag(db: Database, typed: string): Promise<CountedBag> {
  const found = await findCountedBag(db, bagCodeOf(typed));
  if (!found) throw notFound(BAG_MESSAGES.notFound);
  return found;
}

export async function readBag(db: Database, typed: string): Promise<Bag> {
  return presentBag(await countedBag(db, typed));
}

const bagRow = async (db: Database, typed: string): Promise<BagRow> => (await countedBag(db, typed)).bag;

export async function listBags(db: Database, filter: { hub?: HubId; cursor?: string }): Promise<BagPage> {
  const { rows, nextCursor } = await bagPage(db, filter, LIMITS.bagsPageSize);
  return { bags: rows.map(presentBag), nextCursor };
}

export async function listBagParcels(
  db: Database,
  typed: string,
  query: { show: BagParcelView; cursor?: string },
): Promise<BagParcelPage> {
  const bag = await bagRow(db, typed);
  const page = await bagParcelPage(db, bag.id, query.show, query.cursor, LIMITS.bagParcelsPageSize);
  return { parcels: page.parcels.map(presentBagParcel), nextCursor: page.nextCursor };
}

/** The bag locked in `tx`; 404 when no bag has the code. */
async function lockedBag(tx: Transaction, code: string): Promise<BagRow> {
  const bag = await lockBag(tx, code);
  if (!bag) throw notFound(BAG_MESSAGES.notFound);
  return bag;
}

/** Each code answered on its own (R-SCANS): a refusal of one, 4xx, is its answer; anything else fails the request. */
async function answerEach(
  codes: readonly string[],
  i18n: I18n,
  each: (code: string) => Promise<string | undefined>,
): Promise<BagScanResult[]> {
  const typedOnce = [...new Set(codes.map((typed) => typed.trim()).filter(Boolean))];
  const results: BagScanResult[] = [];
  for (const typed of typedOnce) {
    const code = readTrackingCode(typed);
    if (!code) {
      results.push({ code: typed, done: false, problem: translated(i18n, TRACKING_MESSAGES.notFound) });
      continue;
    }
    try {
      const problem = await each(code);
      results.push(problem ? { code, done: false, problem: translated(i18n, problem) } : { code, done: true });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      results.push({ code, done: false, problem: translated(i18n, error.message) });
    }
  }
  return results;
}

/**
 * Parcels scanned into an open bag (R-BAGS), each in its own transaction with the bag and the parcel locked
 * (in that order, as a dispatch locks them), so two operators bagging one parcel at once take turns and the
 * second is told which bag has it. A parcel goes in when it is at the bag's hub and could leave it now.
 */
export async function addToBag(
  context: MoveContext,
  actorId: string,
  typed: string,
  codes: readonly string[],
  i18n: I18n,
): Promise<BagScanAnswer> {
  const code = bagCodeOf(typed);
  const { db } = context;
  const first = await bagRow(db, code);
  if (first.status !== 'open') throw conflict(BAG_MESSAGES.notOpen);
  const results = await answerEach(codes, i18n, (trackingCode) =>
    db
      .transaction(async (tx) => {
        const bag = await lockedBag(tx, code);
        if (bag.status !== 'open') return BAG_MESSAGES.notOpen;
        const parcel = await lockParcel(tx, trackingCode);
        const carrying = await carryingBag(tx, parcel.id);
        if (carrying) return carrying.bagId === bag.id ? BAG_MESSAGES.inThisBag : BAG_MESSAGES.inAnotherBag(carrying.code);
        const cannot = parcelCannotMove(context, parcel, 'in_transit');
        if (cannot) return cannot;
        if (parcel.hub !== bag.origin) return BAG_MESSAGES.notAtOrigin;
        if ((await parcelCount(tx, bag.id)) >= LIMITS.bagMaxParcels) return BAG_MESSAGES.full;
        await putInBag(tx, bag.id, parcel.id, actorId);
        await reachRacePoint(db, 'parcel bagged');
        return undefined;
      })
      .catch((error: unknown) => {
        // The parcel's row lock makes the second of two bags wait and see the first: this is the last guard.
        if (isUniqueViolation(error, 'bag_parcels_carried_unique')) return BAG_MESSAGES.inSomeBag;
        throw error;
      }),
  );
  return { bag: await readBag(db, code), results };
}

/** A parcel taken out of a bag that is open (R-BAGS): the bag's list and label no longer count it. */
export async function takeOut(db: Database, typed: string, typedParcel: string): Promise<Bag> {
  const code = bagCodeOf(typed);
  const trackingCode = readTrackingCode(typedParcel);
  await db.transaction(async (tx) => {
    const bag = await lockedBag(tx, code);
    if (bag.status !== 'open') throw conflict(BAG_MESSAGES.notOpen);
    if (!trackingCode) throw notFound(BAG_MESSAGES.notInBag);
    const parcel = await lockParcel(tx, trackingCode).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) return undefined;
      throw error;
    });
    if (!parcel || !(await takeOutOfBag(tx, bag.id, parcel.id))) throw notFound(BAG_MESSAGES.notInBag);
  });
  return readBag(db, code);
}

/** Closes a bag (its label can be printed) or opens it again before it leaves: by the bag's table of moves. */
export async function moveBag(db: Database, typed: string, to: Extract<BagStatus, 'open' | 'closed'>): Promise<Bag> {
  const code = bagCodeOf(typed);
  await db.transaction(async (tx) => {
    const bag = await lockedBag(tx, code);
    const problem = bagMoveProblem(bag.status, to);
    if (problem) throw conflict(problem);
    if (to === 'closed' && (await parcelCount(tx, bag.id)) === 0) throw conflict(BAG_MESSAGES.empty);
    await setBagStatus(tx, bag.id, to);
  });
  return readBag(db, code);
}

/**
 * One scan of a closed bag's label sends it (R-BAGS, decision 172): every parcel in it moves to in transit
 * from the bag's hub by the scans' own move, each with its event, in one transaction with the bag, so the
 * bag and its parcels leave together or not at all. A parcel that cannot leave (held since it went in, say)
 * refuses the whole dispatch, saying which and why: the bag is opened again and the parcel taken out.
 * One transaction is bounded: a bag holds at most LIMITS.bagMaxParcels parcels.
 */
export async function dispatchBag(context: MoveContext, actorId: string, typed: string): Promise<Bag> {
  const code = bagCodeOf(typed);
  const moved = await context.db.transaction(async (tx) => {
    const bag = await lockedBag(tx, code);
    const problem = bagMoveProblem(bag.status, 'dispatched');
    if (problem) throw conflict(problem);
    const parcels = await lockParcelsById(tx, await bagParcelIds(tx, bag.id));
    for (const parcel of parcels) {
      const cannot = parcelCannotMove(context, parcel, 'in_transit');
      if (cannot) throw conflict(BAG_MESSAGES.cannotLeave(parcel.trackingCode, cannot));
    }
    for (const parcel of parcels) await moveLockedParcel(context, tx, parcel, bagMove(actorId, 'in_transit', bag));
    await setBagStatus(tx, bag.id, 'dispatched');
    return parcels;
  });
  for (const parcel of moved) trackingChanged(context.publicReads, parcel.trackingCode);
  return readBag(context.db, code);
}

/**
 * One scan of a dispatched bag at its destination receives it (R-BAGS): every parcel in it moves to at a hub
 * there, each with its event, in one transaction; a parcel moved on its own meanwhile (scanned at the hub
 * before its bag) keeps where it is. The bag then carries nothing: its parcels are scanned out of it one by
 * one, and those never scanned are listed missing.
 */
export async function receiveBag(context: MoveContext, actorId: string, typed: string): Promise<Bag> {
  const code = bagCodeOf(typed);
  const moved = await context.db.transaction(async (tx) => {
    const bag = await lockedBag(tx, code);
    const problem = bagMoveProblem(bag.status, 'arrived');
    if (problem) throw conflict(problem);
    const parcels = await lockParcelsById(tx, await bagParcelIds(tx, bag.id));
    const arrived = parcels.filter((parcel) => !parcelCannotMove(context, parcel, 'at_hub'));
    for (const parcel of arrived) await moveLockedParcel(context, tx, parcel, bagMove(actorId, 'at_hub', bag));
    await endCarrying(tx, bag.id);
    await setBagStatus(tx, bag.id, 'arrived');
    return arrived;
  });
  for (const parcel of moved) trackingChanged(context.publicReads, parcel.trackingCode);
  return readBag(context.db, code);
}

const bagMove = (actorId: string, to: 'in_transit' | 'at_hub', bag: BagRow) => ({
  to,
  hub: (to === 'in_transit' ? bag.origin : bag.destination) as HubId,
  note: `${bag.code}`,
  actorId,
});

/**
 * Parcels scanned out of an arrived bag (R-BAGS): one in it is received; one not in it is recorded as extra
 * and answered so. What was in it and is never scanned is the bag's missing list.
 */
export async function receiveParcels(
  db: Database,
  actorId: string,
  typed: string,
  codes: readonly string[],
  i18n: I18n,
): Promise<BagScanAnswer> {
  const code = bagCodeOf(typed);
  const bag = await bagRow(db, code);
  if (bag.status !== 'arrived') throw conflict(BAG_MESSAGES.notArrived);
  const results = await answerEach(codes, i18n, (trackingCode) =>
    db.transaction(async (tx) => {
      const parcel = await lockParcel(tx, trackingCode);
      if (await markReceived(tx, bag.id, parcel.id)) return undefined;
      await recordExtra(tx, bag.id, parcel.id, actorId);
      return BAG_MESSAGES.extra;
    }),
  );
  return { bag: await readBag(db, code), results };
}

/** A bag's parcels for its manifest (R-BAGS), its own first; read a page at a time as the file is written. */
export async function manifestOf(db: Database, typed: string) {
  const found = await countedBag(db, typed);
  const { id } = found.bag;
  async function* parcels() {
    for await (const parcel of manifestParcels(db, id, LIMITS.bagParcelsPageSize)) yield presentBagParcel(parcel);
  }
  return { bag: presentBag(found), parcels: parcels() };
}
