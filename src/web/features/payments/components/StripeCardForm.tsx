import { useLingui } from '@lingui/react/macro';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { loadStripe as LoadStripe, Stripe } from '@stripe/stripe-js';
import { loadStripe as loadStripeOnCall } from '@stripe/stripe-js/dist/pure.mjs';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type CardFormProps, PAYMENT_FAILED } from './card-form.ts';
import { PayNowButton } from './PayNowButton.tsx';

// This module is loaded only on the payment page in Stripe mode. The package's "pure" entry fetches
// Stripe.js from Stripe's servers (as Stripe requires) when loadStripe is called, never at import; its
// own type declarations do not resolve under NodeNext, so it is typed as the package's loadStripe.
const loadStripe: typeof LoadStripe = loadStripeOnCall;
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const stripe = loaded.get(publishableKey) ?? loadStripe(publishableKey);
  loaded.set(publishableKey, stripe);
  return stripe;
}

const ELEMENT_OPTIONS = { style: { base: { fontSize: '16px', color: '#1b2333', '::placeholder': { color: '#6b7280' } } } };

function StripeField({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <fieldset aria-labelledby={labelId} className="input w-full">
        <div className="w-full">{children}</div>
      </fieldset>
    </div>
  );
}

function StripeCardFields({ clientSecret, billingDetails, paid, onPaid, onCardError }: CardFormProps) {
  const { t } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardNumberElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    onCardError(undefined);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billingDetails },
      });
      if (error) onCardError(error.message ?? PAYMENT_FAILED);
      else if (paymentIntent?.status === 'succeeded') await onPaid(paymentIntent.id);
      else onCardError(PAYMENT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <StripeField label={t`Card number`}>
        <CardNumberElement options={{ ...ELEMENT_OPTIONS, disabled: paid }} />
      </StripeField>
      <div className="grid grid-cols-2 gap-3">
        <StripeField label={t`Expiry`}>
          <CardExpiryElement options={{ ...ELEMENT_OPTIONS, disabled: paid }} />
        </StripeField>
        <StripeField label={t`CVC`}>
          <CardCvcElement options={{ ...ELEMENT_OPTIONS, disabled: paid }} />
        </StripeField>
      </div>
      <PayNowButton disabled={!stripe || !clientSecret || paid} busy={busy} />
    </form>
  );
}

/** Card entry with Stripe Elements: the card goes straight to Stripe, never through the shop. */
export function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
