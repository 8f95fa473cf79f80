import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '#web/lib/api-client.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { useReturnPath } from './use-return-path.ts';

const SIGN_IN_FAILED = 'That did not work. Please try again.';

/**
 * The login and sign-up forms' shared flow: check the fields with the shared schema, ask Better Auth
 * (through `authResult`), show its error in red, or fetch the access token and go back where the
 * visitor came from.
 */
export function useCredentialsForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  send: (input: T) => Promise<{ user: { email: string } }>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const [providerError, setProviderError] = useState<string>();
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });

  const submit = form.handleSubmit(async (input) => {
    setProviderError(undefined);
    try {
      const { user } = await send(input);
      await completeSignIn(queryClient, user.email);
    } catch (error) {
      setProviderError(errorMessage(error, SIGN_IN_FAILED));
      return;
    }
    navigate(returnPath, { replace: true });
  });

  return { form, submit, providerError, returnPath };
}
