import { MESSAGES } from '#shared/messages.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';

/** The payment result (R-PAYMENT): the provider's card error in red, or the success and transaction id in green. */
export function PaymentOutcome({ error, transactionId }: { error?: string; transactionId?: string }) {
  const inPageLanguage = useInPageLanguage();
  return (
    <div aria-live="polite">
      {inPageLanguage(error) ? (
        <p role="alert" className="font-medium text-error">
          {inPageLanguage(error)}
        </p>
      ) : null}
      {transactionId ? (
        <div className="space-y-1 font-medium text-success">
          <p>{inPageLanguage(MESSAGES.paymentComplete)}</p>
          <p className="break-all">{inPageLanguage(MESSAGES.transactionId(transactionId))}</p>
        </div>
      ) : null}
    </div>
  );
}
