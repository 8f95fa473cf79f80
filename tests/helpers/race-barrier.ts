import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { holdRacesOn, type RaceHold, type RacePoint } from '#server/db/race-points.ts';
import type { TestServer } from './test-server.ts';

const LOOK_EVERY_MS = 5;
/** Only reached when a racing request never gets to its transaction (refused before it); the hold then just ends. */
const GIVE_UP_MS = 5_000;

interface Gate {
  participants: number;
  arrived: number;
  open: boolean;
}

/**
 * Holds each transaction that reaches a race point, just before it commits, until every expected
 * participant has either reached that point too or is waiting for a lock in PostgreSQL. A correct guard
 * (a conditional UPDATE's row lock, an advisory lock) makes the others wait for the held transaction, so
 * they queue behind it and the outcome is right. A broken guard lets every participant read the old state
 * before anyone commits, so the race is lost every time rather than when the scheduler happens to allow it.
 */
export class RaceBarrier {
  readonly #gates = new Map<RacePoint, Gate>();
  readonly #observer: pg.Client;

  private constructor(observer: pg.Client) {
    this.#observer = observer;
  }

  /** A barrier for app instances sharing one PostgreSQL database. */
  static async on(...servers: [TestServer, ...TestServer[]]): Promise<RaceBarrier> {
    const observer = new pg.Client({ connectionString: servers[0].database.url });
    await observer.connect();
    const barrier = new RaceBarrier(observer);
    for (const server of servers) holdRacesOn(server.db, barrier.hold);
    return barrier;
  }

  readonly hold: RaceHold = async (point) => {
    const gate = this.#gates.get(point);
    if (!gate?.open) return;
    gate.arrived += 1;
    const giveUpAt = Date.now() + GIVE_UP_MS;
    while (gate.arrived + (await this.#waitingForLocks()) < gate.participants && Date.now() < giveUpAt) {
      await sleep(LOOK_EVERY_MS);
    }
  };

  /** Runs `requests` (that many racing requests sent at once), holding their transactions at `point` meanwhile. */
  async overlap<T>(point: RacePoint, participants: number, requests: () => Promise<T>): Promise<T> {
    const gate: Gate = { participants, arrived: 0, open: true };
    this.#gates.set(point, gate);
    try {
      return await requests();
    } finally {
      gate.open = false;
    }
  }

  /** How many transactions reached `point` in its last overlap: the ones that were about to commit. */
  arrivals(point: RacePoint): number {
    return this.#gates.get(point)?.arrived ?? 0;
  }

  close(): Promise<void> {
    return this.#observer.end();
  }

  async #waitingForLocks(): Promise<number> {
    const { rows } = await this.#observer.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    return rows[0]?.waiting ?? 0;
  }
}
