import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '#web/lib/api-client.ts';

const FAILED = 'That did not work. Please try again.';

/**
 * The account forms' flow (sign-in, sign-up, forgot and reset password, settings): check the fields with
 * the shared schema, `send` them to Better Auth, show its refusal in red, else run `done`.
 */
export function useAccountForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  send: (input: T) => Promise<unknown>,
  done: (input: T) => void | Promise<void>,
) {
  const [providerError, setProviderError] = useState<string>();
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });

  const submit = form.handleSubmit(async (input) => {
    setProviderError(undefined);
    try {
      await send(input);
    } catch (error) {
      setProviderError(errorMessage(error, FAILED));
      return;
    }
    await done(input);
  });

  return { form, submit, providerError };
}
