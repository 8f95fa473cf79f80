import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Puts `front` before the request listeners `server` already has (the app's): `front` sees each request
 * first and calls `pass` to hand it on to them, now or later, or answers it itself.
 */
export function putInFrontOfRequests(
  server: Server,
  front: (request: IncomingMessage, response: ServerResponse, pass: () => void) => void,
): void {
  const behind = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    front(request, response, () => {
      for (const listener of behind) listener.call(server, request, response);
    }),
  );
}
