import { type BaseSyntheticEvent, useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type * as AccountRules from '#shared/auth.ts';
import type { FormAnswer } from '#shared/form-answer.ts';
import type * as PhoneRules from '#shared/phone-sign-in.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { loadAuthClient } from '#web/lib/ask-auth.ts';
import { whenIdle } from '#web/lib/idle.ts';

const FAILED = /*i18n*/ 'That did not work. Please try again.';

/** Which of the shared account rules (src/shared/auth.ts, phone-sign-in.ts) a form checks its fields with. */
export type RulesOf<T> = (rules: typeof AccountRules & typeof PhoneRules) => z.ZodType<T, T>;

/**
 * zod and the account rules (25 KB gzip) load on the form's first check, or before when the browser is
 * idle: the login and sign-up pages hydrate without them (R-FIRST-PAINT). RHF asks the resolver only
 * when the visitor submits (and again as they correct a field afterwards).
 */
const loadRules = () =>
  Promise.all([import('#shared/auth.ts'), import('#shared/phone-sign-in.ts'), import('@hookform/resolvers/zod')]);

function rulesResolver<T extends FieldValues>(rulesOf: RulesOf<T>): Resolver<T> {
  return async (values, context, options) => {
    const [rules, phoneRules, { zodResolver }] = await loadRules();
    return zodResolver(rulesOf({ ...rules, ...phoneRules }))(values, context, options);
  };
}

/**
 * The account forms' flow (sign-in, sign-up, forgot and reset password, settings): check the fields with
 * the shared schema, `send` them to Better Auth, show its refusal in red, else run `done`. `answered` is
 * the server's answer to the same form sent before the app loaded: its messages and typed values show
 * until the next submit.
 */
export function useAccountForm<T extends FieldValues>(
  rulesOf: RulesOf<T>,
  defaultValues: DefaultValues<T>,
  send: (input: T) => Promise<unknown>,
  done: (input: T) => void | Promise<void>,
  answered?: FormAnswer,
) {
  const [providerError, setProviderError] = useState(answered?.providerError);
  const [serverAnswer, setServerAnswer] = useState(answered);
  const form = useForm<T>({ resolver: rulesResolver(rulesOf), defaultValues: { ...defaultValues, ...answered?.values } });

  // Loaded ahead, so a submit does not wait for the rules or for Better Auth's client.
  useEffect(
    () =>
      whenIdle(() => {
        void loadRules();
        void loadAuthClient();
      }),
    [],
  );

  const handleSubmit = form.handleSubmit(async (input) => {
    setProviderError(undefined);
    try {
      await send(input);
    } catch (error) {
      setProviderError(errorMessage(error, FAILED));
      return;
    }
    await done(input);
  });
  const submit = (event?: BaseSyntheticEvent) => {
    setServerAnswer(undefined);
    setProviderError(undefined);
    return handleSubmit(event);
  };

  /** A field's props: registered, its message, and the value the server's page kept (typed before the app loaded). */
  const field = (name: Path<T>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message ?? serverAnswer?.fieldErrors[name],
    defaultValue: serverAnswer?.values[name],
  });

  return { form, submit, providerError, field };
}
