import { Redis } from 'ioredis';
import type { NotificationListener } from '#server/db/notifications.ts';
import type { ChangeBus } from './change-bus.ts';

/** Redis pub/sub; a subscribed connection can do nothing else, so publishing takes a second one. */
export function redisChangeBus(url: string, channel: string): ChangeBus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // Subscribing again ourselves on every 'ready' is what tells us when we are hearing again.
  const subscriber = new Redis(url, { autoResubscribe: false, maxRetriesPerRequest: null });
  // Connection errors are followed by 'close' and retried by ioredis; unheard they would stop the process.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(channel, message);
    },
    listen(listener: NotificationListener) {
      let hearing = false;
      subscriber.on('message', (from, message: string) => {
        if (from === channel) listener.message(message);
      });
      subscriber.on('close', () => {
        if (!hearing) return;
        hearing = false;
        listener.hearing(false);
      });
      return new Promise<void>((firstAttempt) => {
        subscriber.once('error', () => firstAttempt());
        subscriber.on('ready', async () => {
          try {
            await subscriber.subscribe(channel);
            hearing = true;
            listener.hearing(true);
          } catch {
            // Reconnecting brings another 'ready', and another try.
            subscriber.disconnect(true);
          }
          firstAttempt();
        });
      });
    },
    async close() {
      subscriber.disconnect();
      await publisher.quit();
    },
  };
}
