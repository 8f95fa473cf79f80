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
export function httpSmsGateway(url: string, token: string | undefined): SendSms {
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
