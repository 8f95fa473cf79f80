import type { FastifyRequest } from 'fastify';

/** Every address no page of the web app has shares one label, so a scan of random paths cannot grow /metrics. */
export const UNKNOWN_PAGE = 'unknown page';

const pageRoutes = new WeakMap<FastifyRequest, string>();

/** A page answered by the catch-all route is labelled by the web app's route it matched (R-METRICS). */
export function labelPage(request: FastifyRequest, pattern: string | undefined): void {
  pageRoutes.set(request, pattern ?? UNKNOWN_PAGE);
}

/** The route a request is counted under in /metrics: its page's pattern, else the Fastify route that answered it. */
export function routeLabel(request: FastifyRequest): string | undefined {
  return pageRoutes.get(request) ?? request.routeOptions.url;
}
