import { MESSAGES } from '#shared/messages.ts';

/** The payment result (R-PAYMENT): the provider's card error in red, or the success and transaction id in green. */
export function PaymentOutcome({ error, transactionId }: { error?: string; transactionId?: string }) {
  return (
    <div aria-live="polite">
      {error ? (
        <p role="alert" className="font-medium text-error">
          {error}
        </p>
      ) : null}
      {transactionId ? (
        <div className="space-y-1 font-medium text-success">
          <p>{MESSAGES.paymentComplete}</p>
          <p className="break-all">{MESSAGES.transactionId(transactionId)}</p>
        </div>
      ) : null}
    </div>
  );
}
