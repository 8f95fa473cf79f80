import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openChangeBus } from '#server/cache/change-bus.ts';
import type { Config } from '#server/config.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { reachRacePoint } from '#server/db/race-points.ts';
import { session } from '#server/db/schema.ts';

/** Enough for every session a busy shop has open at once; beyond it the oldest are read again when next used. */
const MAX_REMEMBERED = 100_000;

const endMessage = z.object({
  from: z.string(),
  sessions: z.array(z.string()).max(10_000),
  users: z.array(z.string()).max(10_000),
});

function parseEnd(text: string) {
  try {
    return endMessage.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

/**
 * Whether the session behind an access token is still open (R-SESSION-END): a token outlives its session
 * by up to 15 minutes otherwise. Each instance remembers the open sessions it has seen, so a request costs
 * no database round trip; sign-out, revoked sessions and deleted users forget them here and, through the
 * change bus (Redis or LISTEN/NOTIFY), on every other instance. While the bus is not heard, every check
 * asks the database.
 */
export class LiveSessions {
  readonly #open = new Map<string, { userId: string; expiresAt: number }>();
  /** Moves on with every ending, so a read that began before it cannot put the ended session back. */
  #generation = 0;
  #trusted = true;
  #announce: ((message: { sessions: string[]; users: string[] }) => void) | undefined;

  constructor(private readonly db: Database) {}

  async isOpen(sessionId: string, userId: string): Promise<boolean> {
    const known = this.#trusted ? this.#open.get(sessionId) : undefined;
    if (known && known.expiresAt > Date.now()) return known.userId === userId;
    const generation = this.#generation;
    const [row] = await this.db
      .select({ userId: session.userId, expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.id, sessionId))
      .limit(1);
    await reachRacePoint(this.db, 'session read');
    if (!row || row.expiresAt.getTime() <= Date.now()) return false;
    if (generation === this.#generation) this.#remember(sessionId, { userId: row.userId, expiresAt: row.expiresAt.getTime() });
    return row.userId === userId;
  }

  /** Sessions that ended (sign-out, revoked); told to the other instances too. */
  sessionsEnded(sessionIds: string[]): void {
    this.#forget({ sessions: sessionIds, users: [] });
    this.#announce?.({ sessions: sessionIds, users: [] });
  }

  /** Every session of these users ended (the user was deleted or banned); told to the other instances too. */
  usersEnded(userIds: string[]): void {
    this.#forget({ sessions: [], users: userIds });
    this.#announce?.({ sessions: [], users: userIds });
  }

  #forget({ sessions, users }: { sessions: string[]; users: string[] }): void {
    this.#generation += 1;
    for (const id of sessions) this.#open.delete(id);
    if (users.length === 0) return;
    const ended = new Set(users);
    for (const [id, known] of this.#open) if (ended.has(known.userId)) this.#open.delete(id);
  }

  #remember(sessionId: string, known: { userId: string; expiresAt: number }): void {
    if (this.#open.size >= MAX_REMEMBERED) {
      const oldest = this.#open.keys().next().value;
      if (oldest !== undefined) this.#open.delete(oldest);
    }
    this.#open.set(sessionId, known);
  }

  /** Shares endings with the other instances sharing the database; without a bus (the embedded database) there are none. */
  async share(config: Config, database: DatabaseHandle, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const bus = openChangeBus(config, database, 'sessions');
    if (!bus) return async () => {};
    const instance = randomUUID();
    this.#announce = (message) => {
      bus.publish(JSON.stringify({ from: instance, ...message })).catch((error: unknown) => {
        log.error({ err: error }, 'could not tell the other instances that sessions ended');
      });
    };
    this.#trusted = false;
    await bus.listen({
      message: (text) => {
        const ended = parseEnd(text);
        if (ended && ended.from !== instance) this.#forget(ended);
      },
      hearing: (on) => {
        // What was remembered while deaf may have ended meanwhile.
        if (on && !this.#trusted) this.#open.clear();
        this.#trusted = on;
        if (!on) log.warn(`cannot hear other instances through ${bus.kind}: every access token is checked against the database`);
      },
    });
    return () => bus.close();
  }
}
