import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Locale, localeOfPath, preferredLocale } from '#shared/locale.ts';
import { translated } from '#shared/translate.ts';
import { loadTranslators, type Translators } from './catalogues.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's texts in each language (decision 61). */
    translators: Translators;
  }
}

/** A path of the JSON API, as opposed to a page's. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The language a request is answered in (R-LANGUAGES): the API's by its `Accept-Language` header (the
 * web app sends its page's language), a page's and a page form's by its address (/bn/… is Bangla).
 */
export function requestLocale(request: FastifyRequest): Locale {
  const path = request.url.split('?')[0] ?? '/';
  if (isApiPath(path)) return preferredLocale(request.headers['accept-language']);
  return localeOfPath(path).locale;
}

interface Refusal {
  message: string;
  fields?: Record<string, string>;
  problems?: { message: string }[];
}

/**
 * The refusal in an answer: ours, `{ error: { code, message, fields? } }`, or the `{ code, message }`
 * of the refusals sent in Better Auth's shape on /api/auth.
 */
function refusalIn(payload: unknown): Refusal | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { error, code, message } = payload as { error?: Refusal; code?: unknown; message?: unknown };
  if (typeof error === 'object' && error !== null && typeof error.message === 'string') return error;
  if (typeof code === 'string' && typeof message === 'string') return payload as Refusal;
  return undefined;
}

function inLanguage(refusal: Refusal, i18n: I18n): Refusal {
  const { fields, problems } = refusal;
  return {
    ...refusal,
    message: translated(i18n, refusal.message),
    ...(fields
      ? { fields: Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, translated(i18n, text)])) }
      : {}),
    ...(problems ? { problems: problems.map((problem) => ({ ...problem, message: translated(i18n, problem.message) })) } : {}),
  };
}

/**
 * Every refusal the API sends, `{ error: { code, message, fields?, problems? } }`, has its message and its
 * fields' and problems' messages written in the request's language just before it is sent: the code that
 * refuses writes English, and the codes stay English for clients to tell failures apart.
 */
async function i18nPlugin(app: FastifyInstance) {
  app.decorate('translators', await loadTranslators());
  app.addHook('preSerialization', async (request, reply, payload) => {
    const refusal = refusalIn(payload);
    if (!refusal) return payload;
    const locale = requestLocale(request);
    reply.header('content-language', locale).header('vary', 'accept-language');
    if (locale === 'en') return payload;
    const inRequestLanguage = inLanguage(refusal, app.translators[locale]);
    return refusal === (payload as { error?: Refusal }).error
      ? { ...(payload as object), error: inRequestLanguage }
      : inRequestLanguage;
  });
}

export default fp(i18nPlugin, { name: 'i18n' });
