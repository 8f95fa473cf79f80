import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a merchant's endpoint received, and the status it answered. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: as a merchant's endpoint does, tests read events as loosely parsed JSON
  event: any;
  answered: number;
  /** When it arrived, by the receiver's clock (milliseconds). */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** TCP connections opened to it, whether or not a request followed. */
  connections: number;
  /** The status to answer a request with; 200 unless a test says otherwise. */
  answer: (event: ReceivedWebhook['event'], seenBefore: number) => number;
  close(): Promise<void>;
}

/** A merchant's endpoint as the tests start it: node:http on 127.0.0.1, a free port, every request kept. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    connections: 0,
    answer: () => 200,
    close: async () => {},
  };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const event = JSON.parse(body);
      const seenBefore = receiver.received.filter((seen) => seen.event.id === event.id).length;
      const answered = receiver.answer(event, seenBefore);
      receiver.received.push({ headers: request.headers, body, event, answered, at: Date.now() });
      response.writeHead(answered).end();
    });
  });
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** How far a signature's time may be from the receiver's clock (R-WEBHOOKS: 5 minutes, Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `SwiftCargo-Signature` as a merchant should (Stripe's scheme): HMAC-SHA256 of "{t}.{body}"
 * with the secret, and `t` within SIGNATURE_TOLERANCE_SECONDS of the receiver's clock at `receivedAt`,
 * so a recorded delivery replayed later is refused.
 */
export function signatureVerifies(received: ReceivedWebhook, secret: string, receivedAt = received.at): boolean {
  const header = String(received.headers['swiftcargo-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
  if (!t || !v1) return false;
  if (Math.abs(receivedAt / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
