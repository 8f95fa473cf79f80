import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useHref } from 'react-router';
import type { PhoneSendCodeInput } from '#shared/phone-account.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useFormAnswer } from '#web/lib/use-form-answer.ts';
import { useReturnPath } from '../api/use-return-path.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { PhoneCodeForm } from '../components/PhoneCodeForm.tsx';
import { PhoneNumberForm } from '../components/PhoneNumberForm.tsx';

/**
 * `/login/phone` and `/signup/phone` (R-PHONE-SIGN-IN): "Use your mobile number" from the login and sign-up
 * pages. The number, then the code it was sent by text; the account is made when a new number's code is right.
 */
export function PhoneSignInPage({ signUp }: { signUp: boolean }) {
  const { t } = useLingui();
  const title = signUp ? t`Sign up with your mobile number` : t`Login with your mobile number`;
  useDocumentTitle(title);
  const action = useHref(signUp ? '/signup/phone' : '/login/phone');
  const returnPath = useReturnPath();
  const answer = useFormAnswer(signUp ? 'phone-signup' : 'phone-login');
  // The server's page after step one (JavaScript off, or sent before the app loaded) is already step two.
  const [sentTo, setSentTo] = useState<PhoneSendCodeInput | undefined>(() =>
    answer?.values.step === 'verify' ? { phoneNumber: answer.values.phoneNumber ?? '', name: answer.values.name } : undefined,
  );

  return (
    <AuthCard title={title}>
      {sentTo ? (
        <PhoneCodeForm
          signUp={signUp}
          action={action}
          returnPath={returnPath}
          sentTo={sentTo}
          answer={answer?.values.step === 'verify' ? answer : undefined}
          onOtherNumber={() => setSentTo(undefined)}
        />
      ) : (
        <PhoneNumberForm
          signUp={signUp}
          action={action}
          returnPath={returnPath}
          answer={answer?.values.step === 'verify' ? undefined : answer}
          onSent={setSentTo}
        />
      )}
      <p className="text-center text-sm">
        <Link to={signUp ? '/signup' : '/login'} state={{ from: returnPath }} className="link link-primary">
          {signUp ? <Trans>Sign up with your email</Trans> : <Trans>Login with your email</Trans>}
        </Link>
      </p>
    </AuthCard>
  );
}

export const PhoneLoginPage = () => <PhoneSignInPage signUp={false} />;
export const PhoneSignUpPage = () => <PhoneSignInPage signUp />;
