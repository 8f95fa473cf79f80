import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every webhook is signed in (R-WEBHOOKS): `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`. */
export const SIGNATURE_HEADER = 'SwiftCargo-Signature';

/** How far a signature's time may be from the receiver's clock before it is taken for a replay: 5 minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Whether a webhook's body was signed with the endpoint's secret, recently: the body exactly as received
 * (before any JSON parsing), the `SwiftCargo-Signature` header's value and the secret (`whsec_…`) the
 * endpoint was made or rotated with. The server's own scheme (Stripe's), checked in constant time.
 */
export function verifyWebhookSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  { toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const t = /(?:^|,)t=(\d+)/.exec(header ?? '')?.[1];
  const signatures = [...(header ?? '').matchAll(/(?:^|,)v1=([0-9a-f]{64})/g)].map((match) => match[1] as string);
  if (!t || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return signatures.some((signature) => timingSafeEqual(expected, Buffer.from(signature, 'hex')));
}
