/**
 * The shop's languages (R-LANGUAGES): English, the default, whose pages keep their addresses, and
 * Bangla, whose pages are the same addresses under /bn (/bn, /bn/blog, /bn/purchase/{id}).
 */
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that keeps a visitor's chosen language, for the pages they open without a /bn address. */
export const LOCALE_COOKIE = 'lang';

/** Each language's name in itself, as the switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The address prefix of a language's pages: '' for English, '/bn' for Bangla. */
export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/** A page address's language and the address without its language prefix ("/bn/blog" → bn, "/blog"). */
export function localeOfPath(path: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (!prefix) continue;
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) {
      const rest = path.slice(prefix.length);
      return { locale, path: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return { locale: DEFAULT_LOCALE, path };
}

/** A page's address in a language: "/blog" in Bangla is "/bn/blog", "/" is "/bn". */
export function pathInLocale(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : path.startsWith('/?') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/** A page's address in every language (/login and /bn/login): a form posts back to its own page (R-LANGUAGES). */
export const inEveryLanguage = (path: string): string[] => LOCALES.map((locale) => pathInLocale(locale, path));

/**
 * The language an `Accept-Language` header prefers among the shop's, by its quality values
 * ("bn-BD,bn;q=0.9,en;q=0.8" → bn); English when it names neither.
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale {
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(language)) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
