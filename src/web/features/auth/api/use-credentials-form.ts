import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { type RulesOf, useAccountForm } from './use-account-form.ts';
import { useReturnPath } from './use-return-path.ts';

/**
 * The login and sign-up forms: ask Better Auth (through `authResult`), then fetch the access token and go
 * back where the visitor came from.
 */
export function useCredentialsForm<T extends FieldValues>(
  name: 'login' | 'signup',
  rulesOf: RulesOf<T>,
  defaultValues: DefaultValues<T>,
  send: (input: T) => Promise<{ user: { email: string } }>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnPath = useReturnPath();
  const account = useAccountForm(
    rulesOf,
    defaultValues,
    async (input: T) => completeSignIn(queryClient, (await send(input)).user.email),
    () => navigate(returnPath, { replace: true }),
    useFormAnswer(name),
  );
  return { ...account, returnPath };
}
