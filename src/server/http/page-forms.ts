import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { wholeBytes } from '#server/cache/public-reads.ts';
import type { FormAnswer } from '#shared/form-answer.ts';
import { LIMITS } from '#shared/limits.ts';
import { publicReader } from './web-app.ts';
import type { WebBuild } from './web-build.ts';

/** A form's fields as the browser sends them itself. */
export type FormFields = Record<string, string>;

/**
 * The public pages' forms as the browser sends them with JavaScript off (R-AUTH): POSTs of
 * url-encoded fields, taken in this plugin, and answered with the page at the same address rendered
 * again with the form's answer (never cached: it is this visitor's).
 */
export function answerFormsWithPages(app: FastifyInstance, build: WebBuild | undefined) {
  acceptFormFields(app);
  const read = publicReader(app);
  return async (request: FastifyRequest, reply: FastifyReply, status: number, answer: FormAnswer) => {
    if (!build) return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
    const page = await build.page(request.url, read, request.log, answer);
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(wholeBytes(page.body));
  };
}

/** Takes url-encoded fields, as a browser sends a form itself, into `request.body` (read with `formFields`). */
export function acceptFormFields(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: LIMITS.authBodyMaxBytes },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** The fields sent, as the form's schema reads them. */
export const formFields = (request: FastifyRequest): FormFields => (request.body ?? {}) as FormFields;

/** The schema's first message for each field it refuses, as the form shows them; undefined when all pass. */
export function fieldErrors(schema: z.ZodType, fields: FormFields): Record<string, string> | undefined {
  const result = schema.safeParse(fields);
  if (result.success) return undefined;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
