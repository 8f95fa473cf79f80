import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  text: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface SmsGateway {
  url: string;
  received: ReceivedSms[];
  /** The next `count` requests are refused with a 503, as a gateway that is down answers. */
  refuseNext(count: number): void;
  stop(): Promise<void>;
}

/** A local HTTP SMS gateway (SMS_PROVIDER=http): it keeps what it took and can refuse on demand. */
export async function startSmsGateway(): Promise<SmsGateway> {
  const received: ReceivedSms[] = [];
  let refusals = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (refusals > 0) {
        refusals -= 1;
        response.writeHead(503).end('gateway down');
        return;
      }
      const { to, text } = JSON.parse(body) as { to: string; text: string };
      received.push({
        to,
        text,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        authorization: request.headers.authorization,
      });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
