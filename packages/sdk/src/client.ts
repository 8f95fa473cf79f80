import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './openapi.ts';

export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, verifyWebhookSignature } from './webhook-signature.ts';

/** The merchant API's named schemas (`Consignment`, `Booking`, `NewConsignmentInput`, …), as generated. */
export type Schemas = components['schemas'];

/** A client of every `/api/v1` operation, typed from the document: `client.POST('/api/v1/consignments', …)`. */
export type CourierClient = Client<paths>;

export interface CourierClientOptions {
  /** The shop's address, e.g. `https://shop.example.com`. */
  baseUrl: string;
  /** A live key (`sk_live_…`) or a sandbox one (`sk_test_…`, R-SANDBOX). */
  apiKey: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * The typed client (decision 156): openapi-fetch over the generated types, the key sent as
 * `Authorization: Bearer` on every call. Nothing here says what the API takes or answers: that is openapi.ts's.
 */
export function createCourierClient({ baseUrl, apiKey, fetch }: CourierClientOptions): CourierClient {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` }, ...(fetch ? { fetch } : {}) });
}
