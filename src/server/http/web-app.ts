import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHOP_NAME_PLACEHOLDER = '__SHOP_NAME__';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Serves the built single-page app: fingerprinted files under /assets cache forever, everything else
 * revalidates, and any other GET outside /api gets index.html so the client router can answer it.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, shopName: string): Promise<void> {
  const indexPath = join(webRoot, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app in ${webRoot}: run "npm run build". Only the API is served.`);
  }
  if (existsSync(webRoot))
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // index.html is only sent through the fallback below, which fills in the shop's name.
      allowedPath: (path) => path !== '/index.html',
      cacheControl: false,
      setHeaders(response, path) {
        response.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });

  let indexHtml: string | undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found', `No API route ${request.method} ${path}.`));
    }
    if (path.startsWith('/assets/') || path.startsWith('/uploads/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    indexHtml ??= existsSync(indexPath)
      ? readFileSync(indexPath, 'utf8').replaceAll(SHOP_NAME_PLACEHOLDER, escapeHtml(shopName))
      : undefined;
    if (!indexHtml) return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
