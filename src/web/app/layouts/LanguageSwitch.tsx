import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LOCALE_NAMES, type Locale } from '#shared/locale.ts';
import { useFormat } from '#web/lib/use-format.ts';

/** The language a page is not in: the one the switcher offers. */
function otherLocale(locale: string): Locale {
  return locale === 'bn' ? 'en' : 'bn';
}

/**
 * The navbar's language switcher (R-LANGUAGES): a form, so it works without JavaScript, posting the
 * other language and this page's address; the server keeps the choice (a cookie, and the signed-in
 * customer's account) and answers with the same page in that language, rendered there: no flash of
 * the old language, nothing for the browser to translate.
 */
export function LanguageSwitch({
  to,
  className = 'btn btn-ghost btn-sm px-2',
  children,
}: {
  to?: Locale;
  className?: string;
  /** The button's words, when not the language's name. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { language } = useFormat();
  const { pathname, search } = useLocation();
  const target = to ?? otherLocale(language);
  return (
    <form method="post" action="/language">
      <input type="hidden" name="locale" value={target} />
      <input type="hidden" name="path" value={`${pathname}${search}`} />
      <button type="submit" className={className} lang={target} title={t`Read the shop in ${LOCALE_NAMES[target]}`}>
        {children ?? LOCALE_NAMES[target]}
      </button>
    </form>
  );
}
