import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '#server/config.ts';
import { UPLOADS_URL_PREFIX } from '#shared/picture.ts';

/** What Stripe.js and Elements load, frame and call (Stripe's CSP guide); only sent in Stripe mode. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The page's Content-Security-Policy (R-HEADERS). Scripts only from the shop itself: no inline or
 * evaluated code runs, so an injected `<script>` does nothing; WebAssembly may be compiled (the scan
 * screen reads labels with ZXing's, served by the shop), which runs no text as code; an inline `<script type="application/json">`
 * data block is not code and needs nothing. Inline styles are allowed: React renders `style` attributes
 * and the page's stylesheet is inlined in its HTML (R-FIRST-PAINT), and neither can run code. Pictures
 * may come from any https address, because an admin may give a product's picture as one.
 */
export function contentSecurityPolicy(options: {
  stripe: boolean;
  https: boolean;
  /** SSLCommerz's origin in SSLCommerz mode: "Pay with SSLCommerz" posts to the shop, which redirects there (R-SSLCOMMERZ). */
  hostedCheckout?: string;
}): Record<string, string[]> {
  const stripe = (origins: string[]) => (options.stripe ? origins : []);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...stripe(STRIPE.script)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...stripe(STRIPE.connect)],
    'frame-src': stripe(STRIPE.frame).length ? stripe(STRIPE.frame) : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...(options.hostedCheckout ? [options.hostedCheckout] : [])],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Uploaded files are shown as pictures only: opened on their own, nothing in them runs or loads. */
export const UPLOADS_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * The headers helmet would set, worked out once: helmet's own middleware (and @fastify/helmet, which
 * calls it) parses the policy again for every request, a tenth of what a public read costs.
 */
function headersSetBy(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Helmet's headers for every answer: CSP, no framing, nosniff, the referrer policy, and HSTS on https only. */
export function securityHeaders(config: Config): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  return headersSetBy({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({
        stripe: config.paymentProvider === 'stripe',
        https,
        hostedCheckout:
          config.paymentProvider === 'sslcommerz' && config.sslcommerz ? new URL(config.sslcommerz.apiUrl).origin : undefined,
      }),
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}

/** Sets `pageHeaders` (securityHeaders) on every answer; uploaded files get their own policy. */
export function registerSecurityHeaders(app: FastifyInstance, pageHeaders: Record<string, string>): void {
  const uploadHeaders = { ...pageHeaders, 'content-security-policy': UPLOADS_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(UPLOADS_URL_PREFIX) ? uploadHeaders : pageHeaders);
    done();
  });
}
