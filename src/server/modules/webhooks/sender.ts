import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isWebhookPort, WEBHOOK_MESSAGES } from '#shared/webhooks.ts';
import { checkedLookup, hostOf, isPublicUnicast, type ResolveHost } from './addresses.ts';

/** How long a merchant's endpoint has to answer, connecting included (R-WEBHOOKS; WEBHOOK_MESSAGES.timedOut says it). */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * `SwiftCargo-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`: Stripe's scheme, so
 * merchants' code and tooling already know how to check it, and the time in it lets them refuse replays.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${signature}`;
}

/** What the endpoint answered, or why it did not: one of WEBHOOK_MESSAGES' categories. */
export type PostOutcome = { status: number } | { error: string };

/** OpenSSL's and node's names for a certificate or handshake that failed. */
const TLS_FAILURE = /^(ERR_TLS_|ERR_SSL_|EPROTO$)|CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

/**
 * Why an attempt got no answer, as a category for the merchant's log (decision 106): never the error's
 * own text, which can carry what a remote host said in its TLS alert or what our resolver knows, and
 * would turn the log into a probe of other hosts.
 */
function failureOf(error: Error & { code?: string }): string {
  const code = error.code ?? '';
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || code === 'ETIMEDOUT') return WEBHOOK_MESSAGES.timedOut;
  // The address check's own refusal (checkedLookup): private address, or a name that does not resolve.
  if (code === 'EFORBIDDENHOST') return error.message;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return WEBHOOK_MESSAGES.unresolvable;
  if (code === 'ECONNREFUSED') return WEBHOOK_MESSAGES.refused;
  if (TLS_FAILURE.test(code)) return WEBHOOK_MESSAGES.tls;
  return WEBHOOK_MESSAGES.connectionFailed;
}

/**
 * POSTs a signed event to a merchant's endpoint. Unless private addresses are allowed (tests), the host
 * is checked again here, after resolving it, and the connection goes to the address checked.
 * Redirects are not followed: a 3xx is an answer that is not a 2xx.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; resolve: ResolveHost },
): Promise<PostOutcome> {
  const target = new URL(url);
  // An address written in the URL is never looked up, so it is checked before anything connects.
  const host = hostOf(target);
  if (!options.allowPrivate && isIP(host) && !isPublicUnicast(host))
    return Promise.resolve({ error: WEBHOOK_MESSAGES.privateAddress });
  if (!isWebhookPort(target)) return Promise.resolve({ error: WEBHOOK_MESSAGES.port });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const done = (outcome: PostOutcome) => resolve(outcome);
    const call = send(target, {
      method: 'POST',
      lookup: options.allowPrivate ? undefined : checkedLookup(options.resolve),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: { 'content-type': 'application/json', 'user-agent': 'SwiftCargo-Webhooks/1', ...headers },
    });
    call.on('response', (response) => {
      // The answer's body is not kept; it is read so the connection closes cleanly.
      response.resume();
      response.on('end', () => done({ status: response.statusCode ?? 0 }));
      response.on('error', (error) => done({ error: failureOf(error) }));
    });
    call.on('error', (error) => done({ error: failureOf(error) }));
    call.end(body);
  });
}
