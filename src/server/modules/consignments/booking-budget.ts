import type { Transaction } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { waitText } from '#shared/messages.ts';
import { englishText } from '#shared/translate.ts';
import { BOOKING_BUDGET_HOURS, budgetWindowFreesAt, parcelsInBudgetWindow } from './repository.ts';

/** A booking that would pass its sender's budget: 429, with when enough of the window has passed. */
class OverBookingBudget extends HttpError {
  constructor(max: number, booked: number, retryAfterSeconds: number) {
    super(
      429,
      'too_many_requests',
      englishText(
        /*i18n*/ 'You may book {max} parcels in 24 hours and have booked {booked}: these would pass it. Please wait {wait} and try again, or ask us for a higher limit.',
        { max, booked, wait: waitText(retryAfterSeconds) },
      ),
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    );
  }
}

/**
 * One booking budget per sender (issue 39 item 7, R-BOOKING-BUDGET, decision 107): the parcels a sender
 * (a merchant's account, or a customer booking on the site) books in 24 hours, on the site, through
 * `/api/v1` and in bulk files alike, counted as parcels, not requests, at most PARCELS_PER_SENDER_PER_DAY.
 * Called in the booking's transaction once its `parcels` are written, so every way of booking counts
 * them the same way: counted in the database, it is exact across instances, and a refused booking rolls
 * back with nothing written and nothing counted. A test key's parcels (R-SANDBOX) are counted apart, against
 * a budget of their own: a shop trying its integration never uses up its real parcels' day.
 */
export async function holdBookingBudget(
  tx: Transaction,
  max: number,
  sender: { userId: string; test: boolean },
  parcels: number,
): Promise<void> {
  const inWindow = await parcelsInBudgetWindow(tx, sender.userId, sender.test);
  if (inWindow <= max) return;
  // The oldest must leave the window for the rest to fit; when that is one of these, it is a day away.
  const freesAt = await budgetWindowFreesAt(tx, sender.userId, sender.test, inWindow - max);
  const seconds = freesAt ? Math.max(1, Math.ceil((freesAt.getTime() - Date.now()) / 1000)) : BOOKING_BUDGET_HOURS * 3600;
  throw new OverBookingBudget(max, inWindow - parcels, seconds);
}
