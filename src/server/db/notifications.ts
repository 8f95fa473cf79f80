import pg from 'pg';

export interface NotificationListener {
  message(payload: string): void;
  /** false while the listening connection is down: notifications sent meanwhile are lost. */
  hearing(on: boolean): void;
}

/** PostgreSQL's LISTEN/NOTIFY: how app instances sharing one database tell each other about writes. */
export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  /** Resolves after the first attempt to listen; a lost connection is re-opened until `close`. */
  listen(channel: string, listener: NotificationListener): Promise<{ close(): Promise<void> }>;
}

export const LISTENER_NAME = 'storefront-listener';
const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/**
 * Listening takes a connection of its own, outside the pool: it stays open for the life of the
 * process, and a pooled one would be handed to queries and leave the channel. Notifying goes through
 * that connection too while it is open, so a burst of orders does not queue its notifications behind
 * its own transactions for a pooled connection.
 */
export function postgresNotifications(url: string, pool: pg.Pool): Notifications {
  // One listening connection per channel (changed answers, ended sessions); any open one can notify.
  const listening = new Set<pg.Client>();
  return {
    async notify(channel, payload) {
      const [open] = listening;
      await (open ?? pool).query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, listener) {
      let current: pg.Client | undefined;
      let closed = false;
      let retry: NodeJS.Timeout | undefined;
      let delay = FIRST_RETRY_MS;
      const again = () => {
        if (closed) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, LAST_RETRY_MS);
      };
      async function connect(): Promise<void> {
        const client = new pg.Client({
          connectionString: url,
          keepAlive: true,
          connectionTimeoutMillis: 5_000,
          // So an operator (or a test) can tell it apart in pg_stat_activity.
          application_name: LISTENER_NAME,
        });
        client.on('notification', (notification) => {
          if (notification.channel === channel && notification.payload) listener.message(notification.payload);
        });
        // Every error ends the connection, and 'end' is where it is replaced.
        client.on('error', () => {});
        client.on('end', () => {
          listening.delete(client);
          if (current !== client) return;
          current = undefined;
          listener.hearing(false);
          again();
        });
        try {
          await client.connect();
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch {
          await client.end().catch(() => {});
          again();
          return;
        }
        if (closed) {
          await client.end();
          return;
        }
        current = client;
        listening.add(client);
        delay = FIRST_RETRY_MS;
        listener.hearing(true);
      }
      await connect();
      return {
        async close() {
          closed = true;
          clearTimeout(retry);
          const client = current;
          current = undefined;
          if (client) listening.delete(client);
          await client?.end();
        },
      };
    },
  };
}
