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
 * queue until the event loop takes them (Node takes one per turn of its loop), and closing the listening
 * socket would reset them.
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
 *
 * Requests on a connection taken in after the drain began wait until listening has stopped (decision
 * 47). A client whose connection the drain closes connects again at once: answered straight away, such
 * clients kept the listen queue busy until the limit, and what it held when listening stopped was reset.
 * Waiting for their answers, they open nothing new, the queue goes quiet, and their next connection is
 * refused before they send anything.
 */
export function answerEveryRequestOnShutdown(server: Server): () => Promise<void> {
  const sockets = new Set<Socket>();
  const unanswered = new WeakMap<Socket, number>();
  /** The answer to each connection's latest request: the last one it sends, so the one to say `Connection: close`. */
  const newest = new WeakMap<Socket, ServerResponse>();
  /** Each unanswered response and its connection: one queued behind another has no `socket` of its own yet. */
  const inFlight = new Map<ServerResponse, Socket>();
  /** Connections taken in after the drain began (decision 47). */
  const late = new WeakSet<Socket>();
  /** Their requests, handed to the app once listening has stopped. */
  let held: Array<() => void> = [];
  let draining = false;
  let drained: () => void = () => {};
  let lastConnectionAt = 0;

  const closeAfterLastAnswer = (response: ServerResponse, socket: Socket) => {
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if (newest.get(socket) === response) this.setHeader('connection', 'close');
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
    if (draining) {
      late.add(socket);
      closeWhenStillIdle(socket);
    }
    socket.once('close', () => {
      sockets.delete(socket);
      if (draining && sockets.size === 0 && !server.listening) drained();
    });
  });
  // The app's own listener is called from here: while draining, one event-loop turn later, so that every
  // request already read from a connection is seen before an answer decides whether it is the last.
  putInFrontOfRequests(server, (request, response, handle) => {
    const socket = request.socket;
    unanswered.set(socket, (unanswered.get(socket) ?? 0) + 1);
    newest.set(socket, response);
    inFlight.set(response, socket);
    response.once('close', () => {
      inFlight.delete(response);
      const left = (unanswered.get(socket) ?? 1) - 1;
      unanswered.set(socket, left);
      if (draining && left === 0) closeWhenStillIdle(socket);
    });
    if (!draining) return handle();
    closeAfterLastAnswer(response, socket);
    if (late.has(socket) && server.listening) held.push(handle);
    else setImmediate(handle);
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
      // Checked just after the event loop has polled for I/O (setImmediate), so a connection that was
      // waiting in the listen queue has been taken in and counts against the quiet.
      const stopListening = () => {
        const now = Date.now();
        const quietFor = now - Math.max(lastConnectionAt, signalledAt);
        if (quietFor < QUIET_BEFORE_CLOSING_MS && now - signalledAt < ACCEPTING_LIMIT_MS) {
          setTimeout(() => setImmediate(stopListening), QUIET_BEFORE_CLOSING_MS - quietFor).unref();
          return;
        }
        NetServer.prototype.close.call(server);
        for (const handle of held) handle();
        held = [];
        if (sockets.size === 0) drained();
      };
      stopListening();
      for (const [response, socket] of inFlight) if (!response.headersSent) closeAfterLastAnswer(response, socket);
      for (const socket of sockets) if (!unanswered.get(socket)) closeWhenStillIdle(socket);
    });
}
