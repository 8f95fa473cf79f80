/** One page of the sitemap: an absolute address and the day it last changed. */
export interface SitemapEntry {
  url: string;
  lastModified: Date;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The sitemaps.org XML of `entries`; `lastmod` as W3C date-time. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ url, lastModified }) => `  <url><loc>${escapeXml(url)}</loc><lastmod>${lastModified.toISOString()}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers stay out of the API and the signed-in pages, and are told where the sitemap is (R-SEO). */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api',
    'Disallow: /dashboard',
    'Disallow: /userProfile',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
