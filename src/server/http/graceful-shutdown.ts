import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { putInFrontOfRequests } from './request-front.ts';

/**
 * How long a keep-alive connection with nothing to answer stays open once shutdown begins: a request
 * its client had already sent arrives well within it, and is answered instead of reset.
 */
const IDLE_GRACE_MS = 1_000;
/**
 * Listening stops once no connection has come for this long (at most ACCEPTING_LIMIT_MS after the
 * signal): connections the kernel had already accepted for us, requests and all, wait in the listen
 * queue until the event loop takes them, and closing the listening socket would reset them.
 */
const QUIET_BEFORE_CLOSING_MS = 100;
const ACCEPTING_LIMIT_MS = 2_000;
/** After this, connections still open are cut, so a stuck client cannot hold the shutdown for ever. */
const DRAIN_LIMIT_MS = 15_000;

/**
 * R-OUTAGE, SIGTERM: stop accepting connections, answer every request already received (also those
 * queued behind others on a keep-alive connection), tell each client with `Connection: close` on the
 * last answer its connection carries, and resolve once every connection has closed.
 *
 * Node's own `server.close()` destroys every connection that is idle at that instant, and a request
 * already sent on one but not yet read is then reset; so listening stops through `net.Server#close`
 * once the listen queue is empty, and idle connections are closed only after IDLE_GRACE_MS with
 * nothing to answer. Returns the drain to run on shutdown, before the app and its database close.
 */
export function answerEveryRequestOnShutdown(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  const unanswered = new WeakMap<Socket, number>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let drained: () => void = () => {};
  let lastConnectionAt = 0;

  const closeAfterLastAnswer = (response: ServerResponse) => {
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if ((unanswered.get(response.socket as Socket) ?? 0) <= 1) this.setHeader('connection', 'close');
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
  };
  const closeWhenStillIdle = (socket: Socket) => {
    setTimeout(() => {
      if (!unanswered.get(socket)) socket.end();
    }, IDLE_GRACE_MS).unref();
  };

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    lastConnectionAt = Date.now();
    if (draining) closeWhenStillIdle(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (draining && sockets.size === 0 && !server.listening) drained();
    });
  });
  // The app's own listener is called from here: while draining, one event-loop turn later, so that every
  // request already read from a connection is counted before the first answer decides whether it is the last.
  putInFrontOfRequests(server, (request, response, handle) => {
    const socket = request.socket;
    unanswered.set(socket, (unanswered.get(socket) ?? 0) + 1);
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      const left = (unanswered.get(socket) ?? 1) - 1;
      unanswered.set(socket, left);
      if (draining && left === 0) closeWhenStillIdle(socket);
    });
    if (!draining) return handle();
    closeAfterLastAnswer(response);
    setImmediate(handle);
  });

  return () =>
    new Promise<void>((resolve) => {
      draining = true;
      const limit = setTimeout(() => {
        for (const socket of sockets) socket.destroy();
        resolve();
      }, DRAIN_LIMIT_MS);
      limit.unref();
      drained = () => {
        clearTimeout(limit);
        resolve();
      };
      const signalledAt = Date.now();
      const stopListening = () => {
        const now = Date.now();
        const quietFor = now - Math.max(lastConnectionAt, signalledAt);
        if (quietFor < QUIET_BEFORE_CLOSING_MS && now - signalledAt < ACCEPTING_LIMIT_MS) {
          setTimeout(stopListening, QUIET_BEFORE_CLOSING_MS).unref();
          return;
        }
        NetServer.prototype.close.call(server);
        if (sockets.size === 0) drained();
      };
      stopListening();
      for (const response of inFlight) if (!response.headersSent) closeAfterLastAnswer(response);
      for (const socket of sockets) if (!unanswered.get(socket)) closeWhenStillIdle(socket);
    });
}
