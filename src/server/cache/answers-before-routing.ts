import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { putInFrontOfRequests } from '#server/http/request-front.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '#server/http/request-id.ts';
import { routeLabel } from '#server/http/route-label.ts';
import { chosenLanguageAddress } from '#server/i18n/chosen-language.ts';
import { accessLine } from '#server/logging.ts';
import { type Locale, preferredLocale } from '#shared/locale.ts';
import { type AnswerKind, publicReply } from './public-answer-reply.ts';
import type { KeptAnswer, PublicAnswer, PublicReads } from './public-reads.ts';

interface KnownUrl {
  key: string;
  kind: AnswerKind;
  /** The route that answered it, as /metrics labels it. */
  route: string;
  /** The answer's language, for an answer written in the request's: another language's request goes to the app. */
  locale?: Locale;
}

/** Bounds what an attacker sending endless distinct query strings can make the process remember. */
const MAX_URLS = 10_000;

/**
 * At info, one answer from memory in this many is logged, with `sampled` saying so (decision 97): a line
 * each halved these answers' speed. At debug every one is.
 */
export const MEMORY_ANSWERS_PER_LOGGED_LINE = 100;
const EVERY_LINE_LEVELS = new Set(['debug', 'trace']);

/**
 * Public reads answered from memory before the app routes the request (decision 0009): once the app
 * has sent a kept answer for a URL (after its own validation, parsing and permission checks), the next
 * GET for exactly that URL is answered with the same bytes and headers straight from node:http, as long
 * as that answer is still kept. Routing, hooks and a logger per request cost more than the answer itself;
 * a URL whose answer a write dropped goes through the app again, which reads it afresh. Each answer
 * still carries its request's id; the log keeps a sample of them at info, every one at debug (decision 97).
 */
export class AnswersBeforeRouting {
  private readonly urls = new Map<string, KnownUrl>();
  private reads: PublicReads | undefined;
  private answered = 0;
  /** /metrics counts these answers as it counts routed ones. */
  observe: ((route: string, statusCode: number, seconds: number) => void) | undefined;

  /** `headers` are those every answer of the app carries (the security headers); `log` is the app's. */
  constructor(
    private readonly headers: Record<string, string>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts answering from `reads`; undefined stops it (the app is closing). */
  serveFrom(reads: PublicReads | undefined): void {
    this.reads = reads;
    if (!reads) this.urls.clear();
  }

  /** The app has just answered this request with a kept answer. */
  remember(request: FastifyRequest, answer: PublicAnswer, kind: AnswerKind, locale?: Locale): void {
    const url = request.raw.url;
    // Only an answer that is kept has a key; one just read after a miss is remembered on its next request.
    const key = (answer as Partial<KeptAnswer>).key;
    if (request.method !== 'GET' || !url || !key) return;
    if (this.urls.size >= MAX_URLS && !this.urls.has(url)) this.urls.delete(this.urls.keys().next().value ?? '');
    this.urls.set(url, { key, kind, route: routeLabel(request) ?? url, locale });
  }

  /** Answers from memory and returns true, or returns false and leaves the request to the app. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !this.reads || request.url === undefined) return false;
    const known = this.urls.get(request.url);
    if (!known) return false;
    // A visitor who chose Bangla is sent from an English page's address to its Bangla one, by the app (R-LANGUAGES).
    if (known.kind === 'page' && chosenLanguageAddress(request.url, request.headers.cookie)) return false;
    if (known.locale && preferredLocale(request.headers['accept-language']) !== known.locale) return false;
    const answer = this.reads.kept(known.key);
    if (!answer) return false;
    const started = performance.now();
    const id = requestIdOf(request);
    const { status, headers, body } = publicReply(request.headers, answer, known.kind);
    const sent = Object.assign({ [REQUEST_ID_HEADER]: id }, this.headers, headers);
    if (body) sent['content-length'] = String(body.length);
    response.writeHead(status, sent);
    response.end(body);
    const ms = performance.now() - started;
    this.observe?.(known.route, status, ms / 1000);
    this.answered += 1;
    const line = () => ({ reqId: id, ...accessLine('GET', request.url ?? '', known.route, status, ms) });
    if (EVERY_LINE_LEVELS.has(this.log.level)) this.log.debug(line(), 'request completed');
    else if (this.answered % MEMORY_ANSWERS_PER_LOGGED_LINE === 0) {
      this.log.info({ ...line(), sampled: MEMORY_ANSWERS_PER_LOGGED_LINE }, 'request completed');
    }
    return true;
  }

  /** Puts itself in front of the app's request listeners on `server`. */
  install(server: Server): void {
    putInFrontOfRequests(server, (request, response, route) => {
      if (!this.answer(request, response)) route();
    });
  }
}
