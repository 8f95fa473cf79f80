import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { PaymentConfig } from '#shared/payment.ts';
import { Spinner } from '#web/components/Spinner.tsx';
import type { CardFormProps } from './card-form.ts';
import { HostedCheckoutForm } from './HostedCheckoutForm.tsx';
import { PaymentOutcome } from './PaymentOutcome.tsx';
import { TestCardForm } from './TestCardForm.tsx';

// Stripe's code is fetched only here, and only when the shop runs on Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm.tsx').then((module) => ({ default: module.StripeCardForm })));

/**
 * The card form of the processor in use, and what the card's bank said: an order's payment or a parcel's fee.
 * With SSLCommerz, the form that sends the customer to its page (`hostedAction`, the address it posts to).
 */
export function CardPayment({
  config,
  cardForm,
  error,
  hostedAction,
}: {
  config: PaymentConfig;
  cardForm: CardFormProps;
  error?: string;
  hostedAction: string;
}) {
  const { t } = useLingui();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        {config.provider === 'sslcommerz' ? (
          <HostedCheckoutForm action={hostedAction} />
        ) : config.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label={t`Loading the card form`} />}>
            <StripeCardForm publishableKey={config.publishableKey} {...cardForm} />
          </Suspense>
        ) : (
          <TestCardForm {...cardForm} />
        )}
        <PaymentOutcome error={error} />
      </div>
    </div>
  );
}
