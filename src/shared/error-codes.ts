import { REFUSING_TEST_CARDS } from './test-cards.ts';

/**
 * Every `error.code` in the API's `{ error: { code, message, fields? } }` answers. Clients tell failures
 * apart by these, never by the wording of their messages.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  /** The access token ran out: asking for a new one through the session fixes it. */
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  /** An `Idempotency-Key` already used for a different request (422). */
  'idempotency_key_reused',
  /** A sender's invoice number already on another of their parcels (409): the message names that parcel. */
  'duplicate_invoice',
  /** A batch with a parcel that cannot be booked (422): nothing was booked, and `problems` names every one. */
  'batch_refused',
  /** A sandbox call made with a live key (403, R-SANDBOX): only a test key moves test parcels. */
  'live_key',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'payment_provider_unavailable',
  /**
   * The shop cannot reach its database for a moment: ask again after Retry-After seconds. Only the
   * shop's own answer says so; a bare 503 (a proxy's page) stays `internal`.
   */
  'service_unavailable',
  'internal',
  /** A card the test processor refuses answers with the provider's own code for it. */
  ...REFUSING_TEST_CARDS.map((card) => card.code),
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}

const CODES_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** The code for an answer that carries none of ours (Better Auth's own errors, a proxy's error page). */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODES_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}
