import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  text: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** Twilio's sender: its From, or its MessagingServiceSid. */
  from?: string;
}

export interface SmsGateway {
  /** The generic gateway's address (SMS_PROVIDER=http). */
  url: string;
  /** Where Twilio's API stands in (SMS_PROVIDER=twilio with SMS_URL): `POST /2010-04-01/Accounts/{sid}/Messages.json`. */
  twilioUrl: string;
  received: ReceivedSms[];
  /** The next `count` requests are refused with a 503, as a gateway that is down answers. */
  refuseNext(count: number): void;
  stop(): Promise<void>;
}

const TWILIO_MESSAGES = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/;

/**
 * A local SMS gateway: the generic HTTP one (JSON `{ to, text }`) and Twilio's Messages API (a form
 * with To, Body and From or MessagingServiceSid, answered as Twilio does). It keeps what it took and can
 * refuse on demand.
 */
export async function startSmsGateway(): Promise<SmsGateway> {
  const received: ReceivedSms[] = [];
  let refusals = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const twilio = TWILIO_MESSAGES.exec(request.url ?? '');
      if (refusals > 0) {
        refusals -= 1;
        // Twilio says why in JSON; the generic gateway in words.
        if (twilio)
          response
            .writeHead(503, { 'content-type': 'application/json' })
            .end('{"code":20503,"message":"Service unavailable","status":503}');
        else response.writeHead(503).end('gateway down');
        return;
      }
      const common = {
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        authorization: request.headers.authorization,
      };
      if (twilio) {
        const form = new URLSearchParams(body);
        const sms = { to: form.get('To') ?? '', text: form.get('Body') ?? '' };
        received.push({ ...sms, ...common, from: form.get('From') ?? form.get('MessagingServiceSid') ?? undefined });
        const sid = `SM${received.length.toString(16).padStart(32, '0')}`;
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ sid, account_sid: twilio[1], to: sms.to, body: sms.text, status: 'queued' }));
        return;
      }
      const { to, text } = JSON.parse(body) as { to: string; text: string };
      received.push({ to, text, ...common });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    twilioUrl: `http://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
