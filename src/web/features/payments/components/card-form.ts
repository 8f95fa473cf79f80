/** What the page gives either card form: the test processor's or Stripe's. */
export interface CardFormProps {
  /** Pay now waits for it. */
  clientSecret: string | undefined;
  /** Sent with the card as billing details (R-PAYMENT). */
  billingDetails: { name: string; email: string };
  /** True once this order is paid: Pay now stays off, so nobody is charged twice. */
  paid: boolean;
  /** The processor took the money; the page records it on the order. */
  onPaid: (transactionId: string) => Promise<void>;
  /** The card's refusal in the processor's words, or undefined to clear it. */
  onCardError: (message: string | undefined) => void;
}

export const PAYMENT_FAILED = /*i18n*/ 'The payment did not go through. Please try again.';
