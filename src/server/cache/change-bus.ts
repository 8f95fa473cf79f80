import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { NotificationListener } from '#server/db/notifications.ts';
import { redisChangeBus } from './redis-change-bus.ts';

/** How instances sharing one database tell each other what changed: public answers, ended sessions. */
export interface ChangeBus {
  kind: 'redis' | 'postgres';
  publish(message: string): Promise<void>;
  /** Resolves after the first attempt to subscribe; later losses and recoveries are told to `hearing`. */
  listen(listener: NotificationListener): Promise<void>;
  close(): Promise<void>;
}

/** Whether this instance hears the others through its bus; `memory` when it is the only instance, with no bus. */
export interface ChangeBusState {
  transport: ChangeBus['kind'] | 'memory';
  hearing(): boolean;
}

/** What a bus carries: changed public answers, or ended sessions. */
export type ChangeTopic = 'public_reads' | 'sessions';

/**
 * Redis when it is configured (it also serves PostgreSQL-compatible engines and poolers that lack
 * LISTEN/NOTIFY), else PostgreSQL's own LISTEN/NOTIFY; the embedded database has one instance and
 * needs none. A Redis channel starts with REDIS_KEY_PREFIX, as the keys do: pub/sub channels are
 * shared by everything on one Redis server, whatever its database, so two shops there would otherwise
 * drop each other's answers and sessions. A PostgreSQL channel belongs to its database already.
 */
export function openChangeBus(config: Config, database: DatabaseHandle, topic: ChangeTopic): ChangeBus | undefined {
  if (config.redisUrl) return redisChangeBus(config.redisUrl, `${config.redisKeyPrefix}${topic}`);
  const notifications = database.notifications;
  if (!notifications) return undefined;
  const channel = `storefront_${topic}`;
  let subscription: { close(): Promise<void> } | undefined;
  return {
    kind: 'postgres',
    publish: (message) => notifications.notify(channel, message),
    async listen(listener) {
      subscription = await notifications.listen(channel, listener);
    },
    async close() {
      await subscription?.close();
    },
  };
}
