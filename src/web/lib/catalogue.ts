import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '#shared/locale.ts';

/**
 * Each language's compiled messages, each catalogue its own file (decision 61, lingui.config.ts): a
 * page loads only its language's, never the other's. English pages need no `blog` or `shared`
 * catalogue: those texts are written in English in the code and are their own message ids.
 */
export async function loadPageCatalogue(locale: Locale): Promise<Messages> {
  if (locale === 'en') return (await import('#locales/web/en.po')).messages;
  const [web, shared] = await Promise.all([import('#locales/web/bn.po'), import('#locales/shared/bn.po')]);
  return { ...shared.messages, ...web.messages };
}

type OnDemand = Partial<Record<Locale, () => Promise<{ messages: Messages }>>>;

/** The catalogues of the pages that load their code on demand, by language. */
const ON_DEMAND = {
  pages: { en: () => import('#locales/pages/en.po'), bn: () => import('#locales/pages/bn.po') } satisfies OnDemand,
  blog: { bn: () => import('#locales/blog/bn.po') } satisfies OnDemand,
  parcels: { en: () => import('#locales/parcels/en.po'), bn: () => import('#locales/parcels/bn.po') } satisfies OnDemand,
};

/**
 * Adds a page's own catalogues to the page's Lingui instance, loaded with its code, before it renders
 * (src/web/app/routes.tsx). The server's renderer has every catalogue already.
 */
export async function loadOnDemandCatalogues(...names: (keyof typeof ON_DEMAND)[]): Promise<void> {
  if (typeof document === 'undefined') return;
  const locale = i18n.locale as Locale;
  const loads = names.map((name) => (ON_DEMAND[name] as OnDemand)[locale]).filter((load) => load !== undefined);
  for (const { messages } of await Promise.all(loads.map((load) => load()))) i18n.load(locale, messages);
}
