import { LOCALES, type Locale, pathInLocale } from '#shared/locale.ts';

/** One page of the sitemap: its path (its English address) and the day it last changed. */
export interface SitemapEntry {
  path: string;
  lastModified: Date;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The sitemaps.org XML of `entries`, each page in every language (R-LANGUAGES): one `<url>` per
 * address, each naming its other-language addresses as Google's hreflang sitemaps do; `lastmod` as
 * W3C date-time.
 */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const url = (locale: Locale, path: string) => escapeXml(`${publicUrl}${pathInLocale(locale, path)}`);
  const urls = entries.flatMap(({ path, lastModified }) => {
    const alternates = LOCALES.map(
      (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${url(locale, path)}"/>`,
    ).join('');
    return LOCALES.map(
      (locale) => `  <url><loc>${url(locale, path)}</loc><lastmod>${lastModified.toISOString()}</lastmod>${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers stay out of the API and the signed-in pages, and are told where the sitemap is (R-SEO). */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api',
    'Disallow: /dashboard',
    'Disallow: /userProfile',
    'Disallow: /bn/dashboard',
    'Disallow: /bn/userProfile',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
