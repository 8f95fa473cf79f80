import type { Viewer } from '#server/auth/plugin.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import {
  FREIGHT_MESSAGES,
  type FreightQuote,
  type FreightRequest,
  type FreightRequestFields,
  type FreightStatus,
  freightMoveProblem,
  freightNumber,
} from '#shared/freight.ts';
import { type FreightFacts, queueMail } from '../mail/outbox.ts';
import { shopClock } from '../rates/working-days.ts';
import { type FreightRow, insertFreightRequest, listFreightRows, lockFreightRow, updateFreightRow } from './repository.ts';

export interface FreightContext {
  db: Database;
  config: Config;
}

const today = (config: Config, now = new Date()) => shopClock(now, config.timeZone).day;

/** The status as it stands today: a quote whose last valid day has passed is expired (R-FREIGHT). */
function statusOn(row: FreightRow, day: string): FreightStatus {
  return row.status === 'quoted' && row.quoteValidUntil !== null && row.quoteValidUntil < day ? 'expired' : row.status;
}

function presentFreight(row: FreightRow, day: string): FreightRequest {
  return {
    id: row.id,
    number: freightNumber(row.number),
    mode: row.mode,
    origin: row.origin,
    destination: row.destination,
    goods: row.goods,
    phone: row.phone,
    weightKg: row.weightKg,
    volumeCbm: row.volumeCbm,
    readyDate: row.readyDate,
    deliverBy: row.deliverBy,
    status: statusOn(row, day),
    quote:
      row.quoteAmount !== null && row.quoteValidUntil !== null
        ? { amount: row.quoteAmount, validUntil: row.quoteValidUntil }
        : null,
    scheduledFor: row.scheduledFor,
    customer: { name: row.customerName, email: row.email },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The mail of the step a request just reached, to its customer, in the step's transaction. */
function freightMail(row: FreightRow, step: FreightFacts['step']) {
  return {
    kind: 'freight-request' as const,
    to: row.email,
    data: {
      customerName: row.customerName,
      number: freightNumber(row.number),
      mode: row.mode,
      origin: row.origin,
      destination: row.destination,
      step,
      ...(row.quoteAmount !== null && row.quoteValidUntil !== null
        ? { amount: row.quoteAmount, validUntil: row.quoteValidUntil }
        : {}),
      ...(row.scheduledFor ? { scheduledFor: row.scheduledFor } : {}),
    },
  };
}

/** `POST /api/freight-requests`: the customer's load, `requested`, and its receipt by mail. */
export async function requestFreight(
  context: FreightContext,
  viewer: Viewer,
  fields: FreightRequestFields,
): Promise<FreightRequest> {
  const day = today(context.config);
  if (fields.readyDate < day) throw badRequest(FREIGHT_MESSAGES.readyPast, { readyDate: FREIGHT_MESSAGES.readyPast });
  const row = await context.db.transaction(async (tx) => {
    const saved = await insertFreightRequest(tx, {
      userId: viewer.userId,
      customerName: viewer.name,
      email: viewer.email,
      mode: fields.mode,
      origin: fields.origin,
      destination: fields.destination,
      goods: fields.goods,
      phone: fields.phone,
      weightKg: fields.weightKg ?? null,
      volumeCbm: fields.volumeCbm ?? null,
      readyDate: fields.readyDate,
      deliverBy: fields.deliverBy ?? null,
    });
    await queueMail(tx, freightMail(saved, 'requested'));
    return saved;
  });
  return presentFreight(row, day);
}

/** `GET /api/freight-requests`: the customer's own requests; an admin's list holds everyone's. */
export async function listFreight(context: FreightContext, viewer: Viewer, isAdmin: boolean): Promise<FreightRequest[]> {
  const day = today(context.config);
  return (await listFreightRows(context.db, isAdmin ? undefined : viewer.userId)).map((row) => presentFreight(row, day));
}

/**
 * Moves one request to `to` in one transaction, row locked, after the table of moves allows it from the
 * status it has today; `change` says what else the move writes. The customer is mailed in the same
 * transaction. `owner`: only this customer may make the move (accepting); others see no such request.
 */
async function moveFreight(
  context: FreightContext,
  id: string,
  to: FreightFacts['step'] | 'declined',
  changes: (row: FreightRow, from: FreightStatus, day: string) => Partial<FreightRow>,
  owner?: string,
): Promise<FreightRequest> {
  const day = today(context.config);
  const row = await context.db.transaction(async (tx) => {
    const locked = await lockFreightRow(tx, id);
    if (!locked || (owner !== undefined && locked.userId !== owner)) throw notFound(FREIGHT_MESSAGES.notFound);
    const from = statusOn(locked, day);
    const problem = freightMoveProblem(from, to);
    if (problem) throw conflict(from === 'expired' ? FREIGHT_MESSAGES.expired(locked.quoteValidUntil ?? day) : problem);
    const moved = await updateFreightRow(tx, id, { status: to, ...changes(locked, from, day) });
    // Turning a quote down is the customer's own step, shown on their page at once: nobody is mailed.
    if (to !== 'declined') await queueMail(tx, freightMail(moved, to));
    return moved;
  });
  return presentFreight(row, day);
}

/** `POST /api/admin/freight-requests/{id}/quote`: a price and its last valid day; a new quote replaces an expired one. */
export function quoteFreight(context: FreightContext, id: string, quote: FreightQuote): Promise<FreightRequest> {
  if (quote.validUntil < today(context.config))
    throw badRequest(FREIGHT_MESSAGES.validUntilPast, { validUntil: FREIGHT_MESSAGES.validUntilPast });
  return moveFreight(context, id, 'quoted', () => ({ quoteAmount: quote.amount, quoteValidUntil: quote.validUntil }));
}

/** `POST /api/freight-requests/{id}/accept`: the customer takes the quote while it is valid. */
export function acceptFreight(context: FreightContext, viewer: Viewer, id: string): Promise<FreightRequest> {
  return moveFreight(context, id, 'accepted', () => ({}), viewer.userId);
}

/**
 * `POST /api/freight-requests/{id}/decline` (issue 42, R-FREIGHT-DECLINE): the customer turns a valid quote
 * down; the freight team may price it again.
 */
export function declineFreight(context: FreightContext, viewer: Viewer, id: string): Promise<FreightRequest> {
  return moveFreight(context, id, 'declined', () => ({}), viewer.userId);
}

/** `POST /api/admin/freight-requests/{id}/schedule`: the day an accepted load moves. */
export function scheduleFreight(context: FreightContext, id: string, scheduledFor: string): Promise<FreightRequest> {
  if (scheduledFor < today(context.config))
    throw badRequest(FREIGHT_MESSAGES.scheduledPast, { scheduledFor: FREIGHT_MESSAGES.scheduledPast });
  return moveFreight(context, id, 'scheduled', () => ({ scheduledFor }));
}
