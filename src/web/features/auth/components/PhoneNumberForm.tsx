import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import type { FormAnswer } from '#shared/form-answer.ts';
import type { PhoneSendCodeInput } from '#shared/phone-account.ts';
import { FormField } from '#web/components/FormField.tsx';
import { askAuth } from '#web/lib/ask-auth.ts';
import { type RulesOf, useAccountForm } from '../api/use-account-form.ts';
import { CredentialsFormFooter } from './CredentialsFormFooter.tsx';

/**
 * Step one of signing in or up by phone (R-PHONE-SIGN-IN): the number, and a sign-up's name; a code goes to
 * it by text. Sent by the browser itself (JavaScript off), it is a POST the server answers with the next step.
 */
export function PhoneNumberForm({
  signUp,
  action,
  returnPath,
  answer,
  onSent,
}: {
  signUp: boolean;
  action: string;
  returnPath: string;
  answer: FormAnswer | undefined;
  onSent: (input: PhoneSendCodeInput) => void;
}) {
  const { t } = useLingui();
  // A sign-in's rules read no name: the form has none.
  const rules: RulesOf<PhoneSendCodeInput> = (shared) =>
    signUp ? shared.phoneSignUpSendCodeSchema : (shared.phoneSendCodeSchema as z.ZodType<PhoneSendCodeInput, PhoneSendCodeInput>);
  const { form, submit, providerError, field } = useAccountForm<PhoneSendCodeInput>(
    rules,
    signUp ? { name: '', phoneNumber: '' } : { phoneNumber: '' },
    ({ phoneNumber }) => askAuth((client) => client.phoneNumber.sendOtp({ phoneNumber })),
    onSent,
    answer,
  );
  return (
    <form method="post" action={action} className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <input type="hidden" name="from" value={returnPath} />
      {signUp ? <FormField label={t`Name`} autoComplete="name" {...field('name')} /> : null}
      <FormField
        label={t`Mobile number`}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="01711000000"
        {...field('phoneNumber')}
      />
      <CredentialsFormFooter providerError={providerError} submitting={form.formState.isSubmitting} label={t`Send the code`} />
    </form>
  );
}
