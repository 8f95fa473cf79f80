import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendPublicAnswer } from '#server/cache/public-answer-reply.ts';
import { wholeBytes } from '#server/cache/public-reads.ts';
import { trackingPath } from '#shared/consignment.ts';
import { inEveryLanguage, localeOfPath, pathInLocale } from '#shared/locale.ts';
import { readTrackingCode } from '#shared/tracking-code.ts';
import { chosenLanguageAddress } from '../i18n/chosen-language.ts';
import { isApiPath } from '../i18n/plugin.ts';
import { errorBody } from './errors.ts';
import type { SharedLimit } from './rate-limits.ts';
import { labelPage } from './route-label.ts';
import { answerHeaders, viewerOf } from './viewer-reads.ts';
import type { PublicReadAnswer, WebBuild } from './web-build.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A page's data comes from the public reads' own routes, answered from memory (decision 9); the reads
 * their routes added to `pageReads` are made in process (decision 187), and go through the route when
 * they refuse (a parcel not found), whose refusal the page shows as the browser would get it.
 */
export function publicReader(app: FastifyInstance) {
  return async (path: string): Promise<PublicReadAnswer> => {
    const inProcess = await Promise.resolve()
      .then(() => app.pageReads.answer(path))
      .catch(() => undefined);
    if (inProcess)
      return {
        status: inProcess.status ?? 200,
        body: JSON.parse(wholeBytes(inProcess.body).toString()),
        headers: inProcess.headers ?? {},
      };
    const answer = await app.inject({ method: 'GET', url: path });
    return { status: answer.statusCode, body: answer.json() as unknown, headers: answerHeaders(answer) };
  };
}

/**
 * Serves the built web app: fingerprinted files under /assets cache forever, everything else
 * revalidates, and any other GET outside /api is a page the server renders with its data from the
 * public reads (R-SSR), which the browser then hydrates.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  build: WebBuild | undefined,
  trackingLookups: SharedLimit,
): Promise<void> {
  if (!build) {
    app.log.warn(`No built web app in ${webRoot}: run "npm run build". Only the API is served.`);
  }
  if (existsSync(webRoot))
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // index.html is the template of every page, only sent rendered; the manifest is for the server and tests.
      allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite/'),
      // The .br and .gz copies written at build time (scripts/precompress.mjs), with Vary: Accept-Encoding (R-COMPRESS).
      preCompressed: true,
      cacheControl: false,
      setHeaders(response, path) {
        response.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });

  const read = publicReader(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found', `No API route ${request.method} ${path}.`));
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  // Every other GET is a page, answered by a route so that it gets the compression plugin's hook.
  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Counted by the web app's route it shows, not the catch-all's: one label per kind of page (R-METRICS).
    const route = build?.pageRoute(path);
    labelPage(request, route?.pattern);
    if (isApiPath(path)) return reply.status(404).send(errorBody('not_found', `No API route ${request.method} ${path}.`));
    if (path.startsWith('/assets/') || path.startsWith('/uploads/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!build) return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
    // A visitor who chose a language reads every page in it: an address without /bn leads to its Bangla one.
    const chosen = chosenLanguageAddress(request.url, request.headers.cookie);
    if (chosen) return reply.header('cache-control', 'no-store').redirect(chosen, 302);
    const viewer = route?.forViewer ? await viewerOf(app, request, reply) : undefined;
    if (viewer) {
      // Drawn for this viewer alone: never kept, by the server or by anyone on the way (decision 184).
      const page = await build.page(request.url, read, request.log, undefined, viewer);
      return reply
        .status(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(wholeBytes(page.body));
    }
    const page = await app.publicReads.page(request.url, () => build.page(request.url, read, request.log));
    return sendPublicAnswer(request, reply, page, 'page');
  };
  app.get('/*', { schema: { hide: true } }, answerPage);
  // A parcel's tracking page counts against its visitor's lookups as the API does (R-TRACKING): a
  // kept page is answered before this, so only a code not read lately counts.
  for (const path of inEveryLanguage('/track/:trackingCode'))
    app.get(path, { schema: { hide: true }, preHandler: trackingLookups }, answerPage);
  // The tracking form sent without JavaScript (a GET: a code is not personal) leads to the code's page;
  // a code that cannot be one stays on /track, which says so.
  for (const path of inEveryLanguage('/track'))
    app.get(path, { schema: { hide: true } }, async (request: FastifyRequest<{ Querystring: { code?: string } }>, reply) => {
      const code = typeof request.query.code === 'string' ? readTrackingCode(request.query.code) : undefined;
      if (!code) return answerPage(request, reply);
      return reply.redirect(pathInLocale(localeOfPath(path).locale, trackingPath(code)), 303);
    });
}
