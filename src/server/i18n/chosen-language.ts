import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, localeOfPath, pathInLocale } from '#shared/locale.ts';

/** Made once: every page's request, answered from memory or not, reads it. */
const CHOICE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]+)`);

/** The chosen language in the request's cookies, if the visitor chose one. */
function chosenLocale(cookieHeader: string | undefined) {
  const value = cookieHeader?.match(CHOICE)?.[1];
  return LOCALES.find((locale) => locale === value);
}

/**
 * Where a page's English address leads a visitor who chose another language (its /bn address), or
 * undefined: an address that names its language, and a visitor who chose none or English, stay.
 */
export function chosenLanguageAddress(url: string, cookieHeader: string | undefined): string | undefined {
  const chosen = chosenLocale(cookieHeader);
  if (!chosen || chosen === DEFAULT_LOCALE || localeOfPath(url.split('?')[0] ?? '/').locale !== DEFAULT_LOCALE) return undefined;
  return pathInLocale(chosen, url);
}
