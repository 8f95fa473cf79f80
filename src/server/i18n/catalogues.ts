import { readFile } from 'node:fs/promises';
import { type I18n, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, type Locale } from '#shared/locale.ts';

/** src/locales: the PO catalogues the web build compiles too (decision 61, lingui.config.ts). */
const CATALOGUES = new URL('../../locales/', import.meta.url);
/** The server writes the mails and its refusals, and puts the pages' and the rules' texts (an API client's) in a language. */
const CATALOGUE_NAMES = ['server', 'shared', 'web', 'pages', 'blog', 'parcels'] as const;

/**
 * One Lingui instance per language, for the API's messages and the mails. Each stays in its language
 * (nothing activates another), so the requests of both languages share them safely: a request picks
 * its instance, it does not switch one.
 */
export type Translators = Record<Locale, I18n>;

export async function loadTranslators(): Promise<Translators> {
  const po = formatter();
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const catalogues = await Promise.all(
        CATALOGUE_NAMES.map(async (name) => {
          const filename = `${name}/${locale}.po`;
          return po.parse(await readFile(new URL(filename, CATALOGUES), 'utf8'), { locale, sourceLocale: 'en', filename });
        }),
      );
      const messages = Object.fromEntries(
        catalogues
          .flatMap((catalogue) => Object.entries(catalogue))
          .map(([id, entry]) => [id, entry.translation || entry.message || id]),
      );
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      // The server compiles its messages as it reads them; the browser gets them compiled by the build.
      i18n.setMessagesCompiler(compileMessage);
      return [locale, i18n] as const;
    }),
  );
  return Object.fromEntries(entries) as Translators;
}
