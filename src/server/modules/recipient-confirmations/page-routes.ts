import type { FastifyInstance } from 'fastify';
import { wholeBytes } from '#server/cache/public-reads.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { answerFormsWithPages, fieldErrors, formFields } from '#server/http/page-forms.ts';
import { publicReader } from '#server/http/web-app.ts';
import type { WebBuild } from '#server/http/web-build.ts';
import { inEveryLanguage } from '#shared/locale.ts';
import { confirmationAnswerSchema } from '#shared/recipient-confirmation.ts';
import { answerConfirmation } from './service.ts';

/**
 * The recipient's page at /c/{token} (R-CONFIRM-BEFORE-PICKUP): rendered on the server for every visit and
 * never kept (it is this recipient's, and changes with their answer), and its forms as the browser sends them
 * with JavaScript off: a POST, answered with a 303 to the page, or the page again with the form's message.
 */
export async function confirmationPageRoutes(
  app: FastifyInstance,
  options: { db: Database; config: Config; build: WebBuild | undefined },
) {
  const answerPage = answerFormsWithPages(app, options.build);
  const read = publicReader(app);
  for (const url of inEveryLanguage('/c/:token')) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      if (!options.build) return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
      const page = await options.build.page(request.url, read, request.log);
      return reply
        .status(page.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(wholeBytes(page.body));
    });
    app.post<{ Params: { token: string } }>(url, { schema: { hide: true } }, async (request, reply) => {
      const fields = formFields(request);
      const values = { address: fields.address ?? '', phone: fields.phone ?? '' };
      const invalid = fieldErrors(confirmationAnswerSchema, fields);
      if (invalid) return answerPage(request, reply, 400, { form: 'confirm', values, fieldErrors: invalid });
      try {
        await answerConfirmation(
          options.db,
          options.config,
          app.translators,
          request.params.token,
          confirmationAnswerSchema.parse(fields),
        );
        return reply.redirect(request.url, 303);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        return answerPage(request, reply, error.statusCode, {
          form: 'confirm',
          values,
          fieldErrors: {},
          providerError: error.message,
        });
      }
    });
  }
}
