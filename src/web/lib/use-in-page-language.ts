import { useLingui } from '@lingui/react';
import { translated } from '#shared/translate.ts';

/**
 * The shared English texts (a form rule's message, a status's name, the server's words) in the page's
 * language (decision 61): `translated` with the page's Lingui instance.
 */
export function useInPageLanguage(): (english: string | undefined) => string {
  const { i18n } = useLingui();
  return (english) => (english ? translated(i18n, english) : '');
}
