import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { completeSignIn } from './complete-sign-in.ts';
import { useReturnPath } from './use-return-path.ts';

type ProviderAnswer = { data: { user: { email: string } } | null; error: { message?: string } | null };

/**
 * The login and sign-up forms' shared flow: check the fields with the shared schema, ask Better Auth,
 * show its error in red, or fetch the access token and go back where the visitor came from.
 */
export function useCredentialsForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  send: (input: T) => Promise<ProviderAnswer>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const [providerError, setProviderError] = useState<string>();
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });

  const submit = form.handleSubmit(async (input) => {
    setProviderError(undefined);
    const answer = await send(input);
    if (answer.error || !answer.data) {
      setProviderError(answer.error?.message ?? 'That did not work. Please try again.');
      return;
    }
    await completeSignIn(queryClient, answer.data.user.email);
    navigate(returnPath, { replace: true });
  });

  return { form, submit, providerError, returnPath };
}
