import type { FastifyInstance } from 'fastify';
import { newsletterSchema } from '#shared/auth.ts';
import { inEveryLanguage } from '#shared/locale.ts';
import { MESSAGES } from '#shared/messages.ts';
import { answerFormsWithPages, fieldErrors, formFields } from './page-forms.ts';
import type { WebBuild } from './web-build.ts';

/**
 * The footer's newsletter box as the browser sends it with JavaScript off (R-FOOTER, R-AUTH): a POST,
 * so the address is not in a URL, answered with the /newsletter page. Like the box itself, it keeps
 * nothing: there is no newsletter yet.
 */
export default async function newsletterFormRoute(app: FastifyInstance, options: { build: WebBuild | undefined }) {
  const answerPage = answerFormsWithPages(app, options.build);
  for (const url of inEveryLanguage('/newsletter'))
    app.post(url, { schema: { hide: true } }, async (request, reply) => {
      const fields = formFields(request);
      const invalid = fieldErrors(newsletterSchema, fields);
      if (invalid)
        return answerPage(request, reply, 400, {
          form: 'newsletter',
          values: { email: fields.email ?? '' },
          fieldErrors: invalid,
        });
      return answerPage(request, reply, 200, {
        form: 'newsletter',
        values: {},
        fieldErrors: {},
        notice: MESSAGES.newsletterThanks,
      });
    });
}
