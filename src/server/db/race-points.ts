import type { Database } from './client.ts';

/**
 * The moments just before a transaction that guards a shop rule commits, and the moment between reading a
 * session and remembering it as open (R-SESSION-END). Race tests hold requests there, so concurrent
 * requests overlap every time instead of when the scheduler happens to allow it.
 */
export type RacePoint =
  | 'order placed'
  | 'order cancelled'
  | 'admin removed'
  | 'user deleted'
  | 'order paid'
  | 'payment event recorded'
  | 'mail claimed'
  | 'session read'
  | 'consignment booked'
  | 'consignment moved'
  | 'parcel bagged'
  | 'sms claimed'
  | 'payout created'
  | 'webhook claimed';

export type RaceHold = (point: RacePoint) => Promise<void>;

// Keyed by database because routes hand services nothing but the database.
const holds = new WeakMap<Database, RaceHold>();

/** Tests only: never set from configuration or the environment, so production never waits here. */
export function holdRacesOn(db: Database, hold: RaceHold): void {
  holds.set(db, hold);
}

export async function reachRacePoint(db: Database, point: RacePoint): Promise<void> {
  await holds.get(db)?.(point);
}
