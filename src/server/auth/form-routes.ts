import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { loginSchema, signUpFormSchema } from '#shared/auth.ts';
import { type FormAnswer, returnPath } from '#shared/form-answer.ts';
import { LIMITS } from '#shared/limits.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { RateLimits } from '../config.ts';
import { unexpectedFailure } from '../http/errors.ts';
import { publicReader } from '../http/web-app.ts';
import type { WebBuild } from '../http/web-build.ts';
import { notSooner, signUpFloodLimit } from './plugin.ts';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

type Fields = Record<string, string>;

/** Shown when Better Auth gave no words of its own. */
const FAILED = 'That did not work. Please try again.';

/**
 * The login and sign-up pages' forms as the browser sends them before the app has loaded or with
 * JavaScript off (R-AUTH): a POST, so nothing typed is in an address, checked with the same shared
 * schemas and signed in through Better Auth with the request's own Origin, cookies and address. A
 * sign-in lands on the return page (303); a refusal renders the page again with the messages and the
 * email typed, never the password. Once the app has loaded, React sends these forms itself.
 */
export default async function authFormRoutes(
  app: FastifyInstance,
  options: { build: WebBuild | undefined; rateLimits: RateLimits },
) {
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: LIMITS.authBodyMaxBytes },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const read = publicReader(app);

  async function answerPage(request: FastifyRequest, reply: FastifyReply, status: number, answer: FormAnswer) {
    if (!options.build) return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build".');
    const page = await options.build.page(request.url, read, request.log, answer);
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
  }

  /** What the page shows again after a refusal: the fields but the password, and the messages. */
  const refused = (fields: Fields, kept: string[], refusal: Partial<FormAnswer>): FormAnswer => ({
    values: Object.fromEntries(kept.map((name) => [name, fields[name] ?? ''])),
    fieldErrors: refusal.fieldErrors ?? {},
    providerError: refusal.providerError,
  });

  /** The schema's first message for each field it refuses, as the form shows them. */
  function fieldErrors(schema: z.ZodType, fields: Fields): Record<string, string> | undefined {
    const result = schema.safeParse(fields);
    if (result.success) return undefined;
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  }

  const providerError = async (response: Response) =>
    ((await response.json().catch(() => undefined)) as { message?: string } | undefined)?.message ?? FAILED;

  /** Signed in: Better Auth's cookies go to the browser, which goes on to the return page. */
  const signedIn = (reply: FastifyReply, response: Response, fields: Fields) =>
    reply.header('set-cookie', response.headers.getSetCookie()).redirect(returnPath(fields.from), 303);

  /** Better Auth throws what it cannot answer (the database out of reach): the page says so instead of a JSON error. */
  async function orFailure(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Fields,
    kept: string[],
    work: () => Promise<unknown>,
  ) {
    try {
      return await work();
    } catch (error) {
      const failure = unexpectedFailure(error);
      request.log[failure.status === 500 ? 'error' : 'warn']({ err: error }, 'form sign-in failed');
      const message = failure.status === 503 ? MESSAGES.shopUnavailable : FAILED;
      return answerPage(request, reply, failure.status, refused(fields, kept, { providerError: message }));
    }
  }

  app.post('/login', { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Fields;
    const kept = ['email'];
    const invalid = fieldErrors(loginSchema, fields);
    if (invalid) return answerPage(request, reply, 400, refused(fields, kept, { fieldErrors: invalid }));
    return orFailure(request, reply, fields, kept, async () => {
      const response = await app.askAuth(request, '/sign-in/email', {
        email: fields.email ?? '',
        password: fields.password ?? '',
      });
      if (response.ok) return signedIn(reply, response, fields);
      return answerPage(request, reply, response.status, refused(fields, kept, { providerError: await providerError(response) }));
    });
  });

  app.post('/signup', { schema: { hide: true }, config: signUpFloodLimit(options.rateLimits) }, async (request, reply) => {
    const fields = (request.body ?? {}) as Fields;
    const kept = ['name', 'email'];
    const invalid = fieldErrors(signUpFormSchema, fields);
    if (invalid) return answerPage(request, reply, 400, refused(fields, kept, { fieldErrors: invalid }));
    const input = { name: fields.name ?? '', email: fields.email ?? '', password: fields.password ?? '' };
    return orFailure(request, reply, fields, kept, async () => {
      const started = performance.now();
      const created = await notSooner(started, await app.askAuth(request, '/sign-up/email', input));
      if (!created.ok)
        return answerPage(request, reply, created.status, refused(fields, kept, { providerError: await providerError(created) }));
      // Sign-up never signs in (decision 44): sign in with what was typed, as the web app does.
      const response = await app.askAuth(request, '/sign-in/email', { email: input.email, password: input.password });
      if (response.ok) return signedIn(reply, response, fields);
      const message = response.status === 401 ? MESSAGES.signUpNotSignedIn : await providerError(response);
      return answerPage(request, reply, response.status, refused(fields, kept, { providerError: message }));
    });
  });
}
