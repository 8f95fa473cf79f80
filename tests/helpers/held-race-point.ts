import type { Database } from '#server/db/client.ts';
import { holdRacesOn, type RacePoint } from '#server/db/race-points.ts';

export interface HeldRacePoint {
  /** Settles when the first request reaches the point: from then on it waits there. */
  reached: Promise<void>;
  /** Lets the held requests go on; later ones pass straight through. */
  release(): void;
}

/**
 * Holds every request that reaches `point` on this database until released, so a test can place another
 * request in the middle of it: one overlap, forced every time. It replaces any other hold on `db`.
 */
export function holdAt(db: Database, point: RacePoint): HeldRacePoint {
  let reachedNow: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    reachedNow = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  holdRacesOn(db, async (reachedPoint) => {
    if (reachedPoint !== point) return;
    reachedNow();
    await released;
  });
  return { reached, release };
}
