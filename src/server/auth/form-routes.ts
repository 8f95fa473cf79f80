import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forgotPasswordSchema, loginSchema, newPasswordFormSchema, signUpFormSchema } from '#shared/auth.ts';
import { type AnsweredForm, type FormAnswer, returnPath } from '#shared/form-answer.ts';
import { inEveryLanguage, pathInLocale } from '#shared/locale.ts';
import { MESSAGES } from '#shared/messages.ts';
import { PHONE_CODE_SENT } from '#shared/phone-account.ts';
import {
  phoneSendCodeSchema,
  phoneSignUpSendCodeSchema,
  phoneSignUpVerifySchema,
  phoneVerifySchema,
} from '#shared/phone-sign-in.ts';
import { translated } from '#shared/translate.ts';
import type { RateLimits } from '../config.ts';
import { unexpectedFailure } from '../http/errors.ts';
import { answerFormsWithPages, type FormFields, fieldErrors, formFields } from '../http/page-forms.ts';
import type { WebBuild } from '../http/web-build.ts';
import { requestLocale } from '../i18n/plugin.ts';
import { notSooner, passwordResetFloodLimit, phoneCodeFloodLimit, signUpFloodLimit } from './plugin.ts';

/** Shown when Better Auth gave no words of its own. */
const FAILED = /*i18n*/ 'That did not work. Please try again.';

/**
 * The account pages' forms as the browser sends them with JavaScript off (R-AUTH): login, sign-up,
 * forgot and reset password. Each is a POST, so nothing typed is in an address, checked with the same
 * shared schemas and answered through Better Auth with the request's own Origin, cookies and address.
 * A sign-in lands on the return page (303); anything else renders the page again with the messages and
 * the fields typed, never a password. With JavaScript, React sends these forms itself.
 */
export default async function authFormRoutes(
  app: FastifyInstance,
  options: { build: WebBuild | undefined; rateLimits: RateLimits; publicUrl: string },
) {
  const answerPage = answerFormsWithPages(app, options.build);

  /** What the page shows again: the fields named in `kept` (never a password), and the messages. */
  const answered = (form: AnsweredForm, fields: FormFields, kept: string[], answer: Partial<FormAnswer>): FormAnswer => ({
    form,
    values: Object.fromEntries(kept.map((name) => [name, fields[name] ?? ''])),
    fieldErrors: answer.fieldErrors ?? {},
    providerError: answer.providerError,
    notice: answer.notice,
  });

  const providerError = async (response: Response) =>
    ((await response.json().catch(() => undefined)) as { message?: string } | undefined)?.message ?? FAILED;

  /** Signed in: Better Auth's cookies go to the browser, which goes on to the return page, in the form's language. */
  const signedIn = (reply: FastifyReply, response: Response, fields: FormFields) =>
    reply
      .header('set-cookie', response.headers.getSetCookie())
      .redirect(pathInLocale(requestLocale(reply.request), returnPath(fields.from)), 303);

  /**
   * One account form: its fields checked with its schema, then `work`. Better Auth throws what it cannot
   * answer (the database out of reach): the page says so instead of a JSON error.
   */
  const accountForm =
    (
      form: AnsweredForm,
      schema: Parameters<typeof fieldErrors>[0],
      kept: string[],
      work: (
        request: FastifyRequest,
        reply: FastifyReply,
        fields: FormFields,
        refuse: (response: Response) => Promise<unknown>,
      ) => Promise<unknown>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const fields = formFields(request);
      const invalid = fieldErrors(schema, fields);
      if (invalid) return answerPage(request, reply, 400, answered(form, fields, kept, { fieldErrors: invalid }));
      // Better Auth's words in the form's language, as the API puts them for the web app (decision 61).
      const inFormLanguage = (english: string) => translated(app.translators[requestLocale(request)], english);
      const refuse = async (response: Response) =>
        answerPage(
          request,
          reply,
          response.status,
          answered(form, fields, kept, { providerError: inFormLanguage(await providerError(response)) }),
        );
      try {
        return await work(request, reply, fields, refuse);
      } catch (error) {
        const failure = unexpectedFailure(error);
        request.log[failure.status === 500 ? 'error' : 'warn']({ err: error }, `${form} form failed`);
        const message = failure.status === 503 ? MESSAGES.shopUnavailable : FAILED;
        return answerPage(request, reply, failure.status, answered(form, fields, kept, { providerError: message }));
      }
    };

  for (const url of inEveryLanguage('/login'))
    app.post(url, {
      schema: { hide: true },
      handler: accountForm('login', loginSchema, ['email'], async (request, reply, fields, refuse) => {
        const response = await app.askAuth(request, '/sign-in/email', {
          email: fields.email ?? '',
          password: fields.password ?? '',
        });
        return response.ok ? signedIn(reply, response, fields) : refuse(response);
      }),
    });

  for (const url of inEveryLanguage('/signup'))
    app.post(url, {
      schema: { hide: true },
      config: signUpFloodLimit(options.rateLimits),
      handler: accountForm('signup', signUpFormSchema, ['name', 'email'], async (request, reply, fields, refuse) => {
        const input = { name: fields.name ?? '', email: fields.email ?? '', password: fields.password ?? '' };
        const started = performance.now();
        const created = await notSooner(started, await app.askAuth(request, '/sign-up/email', input));
        if (!created.ok) return refuse(created);
        // Sign-up never signs in (decision 44): sign in with what was typed, as the web app does.
        const response = await app.askAuth(request, '/sign-in/email', { email: input.email, password: input.password });
        if (response.ok) return signedIn(reply, response, fields);
        if (response.status !== 401) return refuse(response);
        const notSignedIn = answered('signup', fields, ['name', 'email'], { providerError: MESSAGES.signUpNotSignedIn });
        return answerPage(request, reply, 401, notSignedIn);
      }),
    });

  /**
   * Signing in or up by mobile number (R-PHONE-SIGN-IN), in two steps on one page: the number (and a
   * sign-up's name) asks for a code by text; the page comes back with the code's field, and its button
   * (step=verify) signs in. "Send a new code" (step=send) asks again.
   */
  const phoneForm = (form: 'phone-login' | 'phone-signup') => {
    const signUp = form === 'phone-signup';
    const kept = signUp ? ['name', 'phoneNumber'] : ['phoneNumber'];
    const codeStep = (fields: FormFields) => ({ ...fields, step: 'verify' });
    const send = accountForm(
      form,
      signUp ? phoneSignUpSendCodeSchema : phoneSendCodeSchema,
      kept,
      async (request, reply, fields, refuse) => {
        const response = await app.askAuth(request, '/phone-number/send-otp', { phoneNumber: fields.phoneNumber ?? '' });
        if (!response.ok) return refuse(response);
        // Step two shows and sends the number in its normal form, however it was typed.
        const next = codeStep({ ...fields, phoneNumber: phoneSendCodeSchema.parse(fields).phoneNumber });
        return answerPage(request, reply, 200, answered(form, next, [...kept, 'step'], { notice: PHONE_CODE_SENT }));
      },
    );
    const verify = accountForm(
      form,
      signUp ? phoneSignUpVerifySchema : phoneVerifySchema,
      [...kept, 'step'],
      async (request, reply, fields, refuse) => {
        const body = { phoneNumber: fields.phoneNumber ?? '', code: fields.code ?? '' };
        const response = await app.askAuth(request, '/phone-number/verify', signUp ? { ...body, name: fields.name ?? '' } : body);
        return response.ok ? signedIn(reply, response, fields) : refuse(response);
      },
    );
    return (request: FastifyRequest, reply: FastifyReply) => (isCodeTyped(request) ? verify : send)(request, reply);
  };
  const isCodeTyped = (request: FastifyRequest) => formFields(request).step === 'verify';
  for (const [path, form] of [
    ['/login/phone', 'phone-login'],
    ['/signup/phone', 'phone-signup'],
  ] as const)
    for (const url of inEveryLanguage(path))
      app.post(url, {
        schema: { hide: true },
        config: phoneCodeFloodLimit(options.rateLimits, isCodeTyped),
        handler: phoneForm(form),
      });

  for (const url of inEveryLanguage('/forgot-password'))
    app.post(url, {
      schema: { hide: true },
      config: passwordResetFloodLimit(options.rateLimits),
      handler: accountForm('forgot-password', forgotPasswordSchema, ['email'], async (request, reply, fields, refuse) => {
        const started = performance.now();
        const body = { email: fields.email ?? '', redirectTo: `${options.publicUrl}/reset-password` };
        const response = await notSooner(started, await app.askAuth(request, '/request-password-reset', body));
        if (!response.ok) return refuse(response);
        return answerPage(
          request,
          reply,
          200,
          answered('forgot-password', fields, ['email'], { notice: MESSAGES.resetLinkSent }),
        );
      }),
    });

  // The mailed link's address holds the token (R-PASSWORD-RESET); the form posts back to it.
  for (const url of inEveryLanguage('/reset-password'))
    app.post(url, {
      schema: { hide: true },
      handler: accountForm('reset-password', newPasswordFormSchema, [], async (request, reply, fields, refuse) => {
        const token = (request.query as { token?: unknown }).token;
        const body = { newPassword: fields.newPassword ?? '', token: typeof token === 'string' ? token : '' };
        const response = await app.askAuth(request, '/reset-password', body);
        if (!response.ok) return refuse(response);
        return answerPage(request, reply, 200, answered('reset-password', fields, [], { notice: MESSAGES.passwordReset }));
      }),
    });
}
