import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { answerFormsWithPages, fieldErrors, formFields } from '#server/http/page-forms.ts';
import type { SharedLimit } from '#server/http/rate-limits.ts';
import type { WebBuild } from '#server/http/web-build.ts';
import { trackingPath } from '#shared/consignment.ts';
import { inEveryLanguage, localeOfPath, pathInLocale } from '#shared/locale.ts';
import { invoiceLookupSchema } from '#shared/tracking.ts';
import { trackingCodeByInvoice } from './tracking.ts';

/**
 * The /track page's invoice form as the browser sends it with JavaScript off (R-TRACKING): a POST, so
 * the recipient's phone is never in an address; a parcel found is a 303 to its tracking page, anything
 * else the page again with the form's message. Counted with the other lookups.
 */
export async function trackFormRoute(
  app: FastifyInstance,
  options: { db: Database; build: WebBuild | undefined; trackingLookups: SharedLimit },
) {
  const answerPage = answerFormsWithPages(app, options.build);
  for (const url of inEveryLanguage('/track'))
    app.post(url, { schema: { hide: true }, preHandler: options.trackingLookups }, async (request, reply) => {
      const fields = formFields(request);
      const values = { invoice: fields.invoice ?? '', phone: fields.phone ?? '' };
      const invalid = fieldErrors(invoiceLookupSchema, fields);
      if (invalid) return answerPage(request, reply, 400, { form: 'track', values, fieldErrors: invalid });
      const lookup = invoiceLookupSchema.parse(fields);
      try {
        const code = await trackingCodeByInvoice(options.db, lookup.invoice, lookup.phone);
        return reply.redirect(pathInLocale(localeOfPath(url).locale, trackingPath(code)), 303);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        return answerPage(request, reply, 404, { form: 'track', values, fieldErrors: {}, providerError: error.message });
      }
    });
}
