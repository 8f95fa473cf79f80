import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { loggedUrl, queryParameterNames } from '../http/logged-url.ts';

/** The attributes in which the HTTP, undici and Fastify instrumentations keep a request's address. */
const PATH_AND_QUERY = ['url.path', 'http.target'];
const WHOLE_ADDRESS = ['url.full', 'http.url'];
const QUERY = 'url.query';

function wholeAddress(value: string, route: string | undefined): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return `${url.origin}${loggedUrl(`${url.pathname}${url.search}`, route)}`;
}

/**
 * A span leaves with its addresses as the access log keeps them (decisions 81 and 96): query values
 * gone, and a path with a person's email replaced by its route. The instrumentations' own redaction
 * knows a list of parameter names; a query here may carry an email, a phone or a search under any name.
 * Runs as each span ends, before the exporter's processor sees it.
 */
export class AddressesWithoutPersonalData implements SpanProcessor {
  onStart(_span: Span, _context: Context): void {}

  onEnding(span: Span): void {
    const { attributes } = span;
    const route = typeof attributes['http.route'] === 'string' ? attributes['http.route'] : undefined;
    for (const key of PATH_AND_QUERY) {
      const value = attributes[key];
      if (typeof value === 'string') span.setAttribute(key, loggedUrl(value, route));
    }
    for (const key of WHOLE_ADDRESS) {
      const value = attributes[key];
      if (typeof value === 'string') span.setAttribute(key, wholeAddress(value, route) ?? '');
    }
    const query = attributes[QUERY];
    if (typeof query === 'string') span.setAttribute(QUERY, queryParameterNames(query));
  }

  onEnd(_span: ReadableSpan): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
