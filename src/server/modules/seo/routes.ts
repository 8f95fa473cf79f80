import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { WebBuild } from '#server/http/web-build.ts';
import { listShopCategories } from '../categories/service.ts';
import { productsLastChanged } from '../products/service.ts';
import { robotsTxt, type SitemapEntry, sitemapXml } from './sitemap.ts';

interface SeoOptions {
  db: Database;
  config: Config;
  build: WebBuild | undefined;
}

/** GET /robots.txt and GET /sitemap.xml (R-SEO), the sitemap from the database on every request. */
export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, { db, config, build }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [products, categories] = await Promise.all([productsLastChanged(db), listShopCategories(db)]);
    const builtAt = build?.builtAt ?? new Date();
    // The home page and the catalogue show the products, so they change when one does.
    const newestProduct = products.reduce((newest, product) => Math.max(newest, product.updatedAt.getTime()), builtAt.getTime());
    const pages: SitemapEntry[] = (build?.publicPages() ?? []).map(({ path, lastModified }) => ({
      path,
      lastModified:
        path === '/' || path === '/products' ? new Date(newestProduct) : lastModified ? new Date(lastModified) : builtAt,
    }));
    const productPages = products.map((product) => ({
      path: `/purchase/${product.id}`,
      lastModified: product.updatedAt,
    }));
    // Each category's shelf of the catalogue (R-CATALOGUE), the way its filter links to it.
    const shelves = categories.map((category) => ({
      path: `/products?category=${category._id}`,
      lastModified: new Date(newestProduct),
    }));
    return reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(config.publicUrl, [...pages, ...shelves, ...productPages]));
  });
};
