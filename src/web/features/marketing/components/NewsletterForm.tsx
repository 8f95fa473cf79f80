import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { useHref } from 'react-router';
import { MESSAGES } from '#shared/messages.ts';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/** The shared address rule (R-VALIDATION), loaded with zod when the form is first sent: every page shows this form. */
async function emailProblem(email: string): Promise<string | undefined> {
  const { emailSchema } = await import('#shared/auth.ts');
  return emailSchema.safeParse(email).error?.issues[0]?.message;
}

/**
 * The newsletter box stores nothing (R-FOOTER) and there is no newsletter yet, so a valid
 * address gets an honest thank-you and is not sent or stored anywhere. Once sent, the address is
 * checked again as it is typed. Sent by the browser itself (JavaScript off), it is a POST the
 * server answers with the /newsletter page (R-AUTH): the address never goes into a URL.
 */
export function NewsletterForm() {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const action = useHref('/newsletter');
  const inputId = useId();
  const answer = useFormAnswer('newsletter');
  const [email, setEmail] = useState(answer?.values.email ?? '');
  const [sent, setSent] = useState(Boolean(answer?.fieldErrors.email));
  const [error, setError] = useState(answer?.fieldErrors.email);
  const [thanked, setThanked] = useState(Boolean(answer?.notice));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = await emailProblem(email);
    setError(problem);
    if (problem) {
      setSent(true);
      return;
    }
    setThanked(true);
    setSent(false);
    setEmail('');
  }

  async function change(value: string) {
    setEmail(value);
    setThanked(false);
    if (sent) setError(await emailProblem(value));
  }

  return (
    <form method="post" action={action} onSubmit={submit} noValidate className="flex w-full max-w-sm flex-col gap-2">
      <label htmlFor={inputId} className="text-sm">
        <Trans>Your email address</Trans>
      </label>
      <div className="join w-full">
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
          className="input join-item w-full min-w-0 text-base-content"
          value={email}
          onChange={(event) => change(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="btn btn-accent join-item">
          <Trans>Subscribe</Trans>
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-amber-300">
          {inPageLanguage(error)}
        </p>
      ) : null}
      <p role="status" className="text-sm text-white">
        {thanked ? inPageLanguage(MESSAGES.newsletterThanks) : ''}
      </p>
    </form>
  );
}
