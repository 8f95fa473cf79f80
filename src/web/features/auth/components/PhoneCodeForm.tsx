import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { FormAnswer } from '#shared/form-answer.ts';
import { localMobile, PHONE_CODE_SENT, type PhoneSendCodeInput, type PhoneVerifyInput } from '#shared/phone-account.ts';
import { FormField } from '#web/components/FormField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { askAuth } from '#web/lib/ask-auth.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { completeSignIn } from '../api/complete-sign-in.ts';
import { type RulesOf, useAccountForm } from '../api/use-account-form.ts';
import { CredentialsFormFooter } from './CredentialsFormFooter.tsx';

const FAILED = /*i18n*/ 'That did not work. Please try again.';

/**
 * Step two (R-PHONE-SIGN-IN): the code from the text. A right one signs in (a new number's account is made
 * then), and the visitor goes back where they came from. "Send a new code" asks again; without JavaScript it
 * is the form's second button (step=send), and Enter presses the first.
 */
export function PhoneCodeForm({
  signUp,
  action,
  returnPath,
  sentTo,
  answer,
  onOtherNumber,
}: {
  signUp: boolean;
  action: string;
  returnPath: string;
  sentTo: PhoneSendCodeInput;
  answer: FormAnswer | undefined;
  onOtherNumber: () => void;
}) {
  const inPageLanguage = useInPageLanguage();
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState(answer?.notice ?? PHONE_CODE_SENT);
  const [resendError, setResendError] = useState<string>();
  const rules: RulesOf<PhoneVerifyInput> = (shared) =>
    signUp ? shared.phoneSignUpVerifySchema : (shared.phoneVerifySchema as z.ZodType<PhoneVerifyInput, PhoneVerifyInput>);
  const { form, submit, providerError, field } = useAccountForm<PhoneVerifyInput>(
    rules,
    { ...sentTo, code: '' },
    async (input) => {
      const verified = await askAuth((client) => client.phoneNumber.verify(input));
      await completeSignIn(queryClient, verified.user.email);
    },
    () => navigate(returnPath, { replace: true }),
    answer,
  );
  const resend = async () => {
    setNotice('');
    setResendError(undefined);
    try {
      await askAuth((client) => client.phoneNumber.sendOtp({ phoneNumber: sentTo.phoneNumber }));
      setNotice(PHONE_CODE_SENT);
    } catch (error) {
      setResendError(errorMessage(error, FAILED));
    }
  };

  return (
    <form method="post" action={action} className="flex flex-col gap-3" onSubmit={submit} noValidate>
      {/* First in the form: "Send a new code" below sends step=send after it, and the last of a name counts. */}
      <input type="hidden" name="step" value="verify" />
      <input type="hidden" name="from" value={returnPath} />
      <input type="hidden" name="phoneNumber" value={sentTo.phoneNumber} />
      {signUp ? <input type="hidden" name="name" value={sentTo.name ?? ''} /> : null}
      <p className="text-sm">
        <Trans>Mobile number</Trans>: <span className="font-semibold">{localMobile(sentTo.phoneNumber)}</span>{' '}
        <a
          href={action}
          className="link link-primary"
          onClick={(event) => {
            event.preventDefault();
            onOtherNumber();
          }}
        >
          <Trans>Use another number</Trans>
        </a>
      </p>
      {notice ? (
        <p role="status" className="text-sm text-success">
          {inPageLanguage(notice)}
        </p>
      ) : null}
      <FormField
        label={t`Code from the text message`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        {...field('code')}
      />
      <CredentialsFormFooter
        providerError={resendError ?? providerError}
        submitting={form.formState.isSubmitting}
        label={signUp ? t`Sign up` : t`Login`}
      />
      {/* Without JavaScript the pressed button names the step; Enter presses the first, the code's. */}
      <button
        type="submit"
        name="step"
        value="send"
        formNoValidate
        className="btn btn-ghost btn-sm self-center"
        onClick={(event) => {
          event.preventDefault();
          void resend();
        }}
      >
        <Trans>Send a new code</Trans>
      </button>
    </form>
  );
}
