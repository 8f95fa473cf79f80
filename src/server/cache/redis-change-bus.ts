import { Redis } from 'ioredis';
import type { NotificationListener } from '#server/db/notifications.ts';
import type { ChangeBus } from './change-bus.ts';

/** Redis pub/sub; a subscribed connection can do nothing else, so publishing takes a second one. */
export function redisChangeBus(url: string, channel: string): ChangeBus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // Subscribing again ourselves on every 'ready' is what tells us when we are hearing again. Named after
  // its channel, so an operator (or a test) can tell it apart in CLIENT LIST; Redis refuses a name with
  // spaces, which a key prefix may have.
  const connectionName = channel.replace(/[^!-~]/g, '_');
  const subscriber = new Redis(url, { autoResubscribe: false, maxRetriesPerRequest: null, connectionName });
  let closing = false;
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
        // Our own close ends the connection too: nothing is lost then, and nobody should be warned.
        if (!hearing || closing) return;
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
      closing = true;
      subscriber.disconnect();
      await publisher.quit();
    },
  };
}
