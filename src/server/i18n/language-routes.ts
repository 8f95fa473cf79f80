import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema.ts';
import { acceptFormFields, formFields } from '#server/http/page-forms.ts';
import { returnPath } from '#shared/form-answer.ts';
import { LOCALE_COOKIE, LOCALES, localeOfPath, pathInLocale } from '#shared/locale.ts';

/** A year: the choice lasts until the visitor makes another. */
const CHOICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const languageChoiceSchema = z.object({ locale: z.enum(LOCALES), path: z.string().max(2048).optional() });

/**
 * The navbar's language switcher (R-LANGUAGES), a form that works without JavaScript: POST /language
 * with the language and the page's address without its language prefix. The choice is kept in a
 * cookie, and on the signed-in customer's account (their mails follow it); the answer is the same
 * page in the chosen language. A page opened later without /bn goes to its Bangla address when the
 * cookie says Bangla.
 */
export default async function languageRoutes(app: FastifyInstance, options: { db: Database }) {
  acceptFormFields(app);

  app.post('/language', { schema: { hide: true } }, async (request, reply) => {
    const choice = languageChoiceSchema.safeParse(formFields(request));
    if (!choice.success) return reply.status(400).type('text/plain').send('Choose English (en) or Bangla (bn).');
    const { locale } = choice.data;
    // Only a page of this site, never another's (an open redirect): the path is read as ours or dropped.
    const page = localeOfPath(returnPath(choice.data.path)).path;
    const session = await app.sessionOf(request).catch(() => null);
    if (session) await options.db.update(user).set({ locale }).where(eq(user.id, session.user.id));
    const secure = request.protocol === 'https' ? '; Secure' : '';
    return reply
      .header('set-cookie', `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${CHOICE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`)
      .header('cache-control', 'no-store')
      .redirect(pathInLocale(locale, page), 303);
  });
}
