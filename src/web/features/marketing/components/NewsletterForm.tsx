import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '#shared/auth.ts';

const newsletterSchema = z.object({ email: emailSchema });
type NewsletterInput = z.infer<typeof newsletterSchema>;

/**
 * The newsletter box stores nothing (R-FOOTER) and there is no newsletter yet, so a valid
 * address gets an honest thank-you and is not sent or stored anywhere.
 */
export function NewsletterForm() {
  const inputId = useId();
  const [thanked, setThanked] = useState(false);
  const form = useForm<NewsletterInput>({ resolver: zodResolver(newsletterSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  const submit = form.handleSubmit(() => {
    setThanked(true);
    form.reset();
  });
  return (
    <form onSubmit={submit} noValidate className="flex w-full max-w-sm flex-col gap-2">
      <label htmlFor={inputId} className="text-sm">
        Your email address
      </label>
      <div className="join w-full">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="input join-item w-full min-w-0 text-base-content"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...form.register('email', { onChange: () => setThanked(false) })}
        />
        <button type="submit" className="btn btn-accent join-item">
          Subscribe
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-amber-300">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-white">
        {thanked ? 'Thank you for your interest! Our newsletter has not started yet, so we have not kept your address.' : ''}
      </p>
    </form>
  );
}
