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

/**
 * Redis when it is configured (it also serves PostgreSQL-compatible engines and poolers that lack
 * LISTEN/NOTIFY), else PostgreSQL's own LISTEN/NOTIFY; the embedded database has one instance and
 * needs none.
 */
export function openChangeBus(config: Config, database: DatabaseHandle, channel: string): ChangeBus | undefined {
  if (config.redisUrl) return redisChangeBus(config.redisUrl, channel);
  const notifications = database.notifications;
  if (!notifications) return undefined;
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
