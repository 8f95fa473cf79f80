/** A payment as the card processor reports it; only the processor's word can make an order paid. */
export interface ProviderPayment {
  id: string;
  /** "succeeded" once the money is taken. */
  status: string;
  amountCents: number;
  currency: string;
  /** The order the payment was started for, as recorded with the processor. */
  orderId: string | undefined;
  /** Or the consignment whose delivery fee it pays (issue 28). */
  consignmentId: string | undefined;
}

/** What a payment pays for: an order, or a consignment's delivery fee. */
export type PaymentFor = { orderId: string } | { consignmentId: string };

export interface StartedPayment {
  id: string;
  clientSecret: string;
  status: string;
}

/**
 * What a processor pushes to the shop by webhook, in the shop's terms. `id` is the processor's own
 * event id, so a replayed or duplicated delivery is recognised.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The payment the event reports as succeeded; undefined for events the shop only records. */
  succeededPayment: ProviderPayment | undefined;
  /** The event reports a card the bank refused. */
  declined: boolean;
}

/** A payment on the processor's own page (R-SSLCOMMERZ): what the session asks for, and where the customer comes back. */
export interface HostedSession {
  /** Our own key for the payment (the payment's id): the same for every attempt at the same thing and amount. */
  paymentId: string;
  amountCents: number;
  currency: string;
  customer: { name: string; email: string };
  /** What is bought, as the processor's page shows it. */
  productName: string;
  /** The language the customer comes back in. */
  locale: string;
}

/** A payment as the processor's validation answers it: only this makes an order or a fee paid. */
export interface ValidatedPayment {
  /** Our payment's id, as the processor recorded it. */
  paymentId: string;
  /** VALID or VALIDATED once the money is taken. */
  status: string;
  amountCents: number;
  currency: string;
}

/** A processor whose customers pay on its own page, which reports back by POSTing form fields. */
export interface HostedCheckout {
  /** Opens a session on the processor's page and answers the page's address. */
  openSession(session: HostedSession): Promise<string>;
  /** True when the fields carry the processor's signature (made with the store's password). */
  signatureHolds(fields: Record<string, string>): boolean;
  /** The processor's own answer for a validation id, or undefined when it knows none. */
  validate(validationId: string): Promise<ValidatedPayment | undefined>;
}

/** The card processor behind the payment page: the built-in offline processor, Stripe or SSLCommerz. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe' | 'sslcommerz';
  /** Starts a payment of an amount for what it pays; asking twice for the same thing and amount gives the same payment. */
  startPayment(payment: PaymentFor & { amountCents: number; currency: string }): Promise<StartedPayment>;
  /** The payment with this id, or undefined when the processor knows no such payment. */
  findPayment(id: string): Promise<ProviderPayment | undefined>;
  /**
   * Stops a started payment so it can no longer be charged (its order is being cancelled);
   * "succeeded" when the money was already taken.
   */
  releasePayment(id: string): Promise<'released' | 'succeeded'>;
  /**
   * Gives a succeeded payment's full amount back (R-ORDER-REFUND) and answers the refund's id. Asking
   * again for the same payment answers the same refund: never a second one.
   */
  refundPayment(id: string): Promise<string>;
  /**
   * Set when the processor reports payments by webhook: the event a delivery carries, once its signature
   * proves the processor sent these exact bytes; 400 otherwise.
   */
  readonly readWebhook?: (rawBody: string, signature: string | undefined) => PaymentEvent;
  /** Set when customers pay on the processor's own page (SSLCommerz). */
  readonly hostedCheckout?: HostedCheckout;
}
