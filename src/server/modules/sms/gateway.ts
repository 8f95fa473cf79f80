import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { Config } from '#server/config.ts';

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/** One text message as a gateway is asked to send it. */
export interface OutgoingSms {
  /** The outbox's id: sent as the Idempotency-Key, so a gateway that took it once can tell a retry. */
  id: string;
  /** In the international form the gateways take (+8801711000000). */
  to: string;
  text: string;
}

export type SendSms = (message: OutgoingSms) => Promise<void>;

/** Longer than a gateway should take to answer; a message not answered in time is tried again later. */
const GATEWAY_TIMEOUT_MS = 10_000;

/** +880 and the number without its leading 0: what SMS gateways expect for a Bangladeshi mobile. */
export const internationalNumber = (phone: string) => (phone.startsWith('0') ? `+88${phone}` : phone);

/**
 * A generic HTTP SMS gateway (SMS_PROVIDER=http): `POST SMS_URL` with `{ to, text }` as JSON, the
 * token as a bearer and the message's id as its Idempotency-Key; any 2xx means taken, anything else
 * (or no answer) is tried again with backoff.
 */
function httpSmsGateway(url: string, token: string | undefined): SendSms {
  return async ({ id, to, text }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': id,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the SMS gateway answered ${response.status} ${(await response.text()).slice(0, 200)}`);
  };
}

type TwilioSettings = Extract<NonNullable<Config['sms']>, { provider: 'twilio' }>;

const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's Messages API through its SDK (SMS_PROVIDER=twilio): from a Twilio number or alphanumeric
 * sender ID in `from`, or through a Messaging Service when `from` is its SID (MG…). Twilio takes no
 * idempotency key: a message Twilio took but did not answer in time is sent again on the retry.
 */
async function twilioSmsGateway(settings: TwilioSettings): Promise<SendSms> {
  // The SDK loads only when Twilio is chosen: it is a large module, and start-up time matters.
  const { default: twilio } = await import('twilio');
  const { apiUrl } = settings;
  /** Sends Twilio's requests to `apiUrl` instead of Twilio's own address, when one is set. */
  class TwilioApiAt extends twilio.RequestClient {
    override request<TData>(options: RequestOptions<TData>) {
      const uri =
        apiUrl && options.uri.startsWith(TWILIO_API)
          ? `${apiUrl.replace(/\/$/, '')}${options.uri.slice(TWILIO_API.length)}`
          : options.uri;
      return super.request<TData>({ ...options, uri });
    }
  }
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: new TwilioApiAt({ timeout: GATEWAY_TIMEOUT_MS }),
  });
  const sender = settings.from.startsWith('MG') ? { messagingServiceSid: settings.from } : { from: settings.from };
  return async ({ to, text }) => {
    await client.messages.create({ to, body: text, ...sender });
  };
}

/** The configured provider's sender, or none: then texts stay in the outbox for the Mailbox. */
export async function openSmsGateway(settings: Config['sms']): Promise<SendSms | undefined> {
  if (!settings) return undefined;
  if (settings.provider === 'http') return httpSmsGateway(settings.url, settings.token);
  return twilioSmsGateway(settings);
}
