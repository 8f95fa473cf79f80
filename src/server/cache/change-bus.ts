import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { NotificationListener } from '#server/db/notifications.ts';
import { redisChangeBus } from './redis-change-bus.ts';

/** How instances sharing one database tell each other which public answers a write changed. */
export interface ChangeBus {
  kind: 'redis' | 'postgres';
  publish(message: string): Promise<void>;
  /** Resolves after the first attempt to subscribe; later losses and recoveries are told to `hearing`. */
  listen(listener: NotificationListener): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'storefront_public_reads';

/**
 * Redis when it is configured (it also serves PostgreSQL-compatible engines and poolers that lack
 * LISTEN/NOTIFY), else PostgreSQL's own LISTEN/NOTIFY; the embedded database has one instance and
 * needs none.
 */
export function openChangeBus(config: Config, database: DatabaseHandle): ChangeBus | undefined {
  if (config.redisUrl) return redisChangeBus(config.redisUrl, CHANNEL);
  const notifications = database.notifications;
  if (!notifications) return undefined;
  let subscription: { close(): Promise<void> } | undefined;
  return {
    kind: 'postgres',
    publish: (message) => notifications.notify(CHANNEL, message),
    async listen(listener) {
      subscription = await notifications.listen(CHANNEL, listener);
    },
    async close() {
      await subscription?.close();
    },
  };
}
