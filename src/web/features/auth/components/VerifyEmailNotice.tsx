import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { MESSAGES } from '#shared/messages.ts';
import { apiRequest, errorMessage } from '#web/lib/api-client.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useSignInOptions } from '../api/use-sign-in-options.ts';
import { useViewer } from '../api/use-viewer.ts';

/**
 * R-EMAIL-VERIFY: where a customer orders, says why they cannot yet and sends the link again. Shown only
 * when the shop requires verified emails and this customer's is not; the server refuses the order anyway.
 */
export function VerifyEmailNotice() {
  const inPageLanguage = useInPageLanguage();
  const { user } = useViewer();
  const options = useSignInOptions();
  const [state, setState] = useState<{ sending: boolean; result?: string }>({ sending: false });
  if (user?.emailVerified !== false || !options.data?.emailVerification) return null;

  const resend = async () => {
    setState({ sending: true });
    try {
      // Better Auth's own endpoint, with the session cookie; the mail goes through the outbox.
      await apiRequest('/api/auth/send-verification-email', { method: 'POST', body: { email: user.email, callbackURL: '/' } });
      setState({ sending: false, result: MESSAGES.verificationSent });
    } catch (error) {
      setState({ sending: false, result: errorMessage(error, /*i18n*/ 'That did not work. Please try again.') });
    }
  };

  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-2 text-sm">
      <p>{inPageLanguage(MESSAGES.verifyEmailFirst)}</p>
      <button type="button" className="btn btn-sm" onClick={resend} disabled={state.sending}>
        <Trans>Send the link again</Trans>
      </button>
      {inPageLanguage(state.result) ? <p role="status">{inPageLanguage(state.result)}</p> : null}
    </div>
  );
}
