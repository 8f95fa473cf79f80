import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { englishText } from '#shared/translate.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useClientSecret, useOrderToPay, useRecordPayment } from '../api/use-order-to-pay.ts';
import { usePaymentConfig } from '../api/use-payment-config.ts';
import { CardPayment } from '../components/CardPayment.tsx';
import type { CardFormProps } from '../components/card-form.ts';
import { OrderConfirmation } from '../components/OrderConfirmation.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';

/** A refusal the customer can read (someone else's order, a cancelled one), or a retry for anything else. */
function Problem({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status < 500 && error.status !== 401) {
    return (
      <div role="alert" className="alert alert-warning alert-soft flex-wrap justify-between">
        <span>{error.message}</span>
        <Link to="/dashboard/orders" className="btn btn-sm">
          <Trans>My Orders</Trans>
        </Link>
      </div>
    );
  }
  return <LoadError what={what} onRetry={onRetry} />;
}

export function PaymentPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Payment`);
  const { id = '' } = useParams();
  const order = useOrderToPay(id);
  const config = usePaymentConfig();
  const clientSecret = useClientSecret(id, order.data?.paid === false);
  const recordPayment = useRecordPayment(id);
  const [cardError, setCardError] = useState<string>();
  const [charged, setCharged] = useState<string>();
  const [recorded, setRecorded] = useState<string>();

  async function handlePaid(transactionId: string) {
    setCharged(transactionId);
    try {
      await recordPayment.mutateAsync(transactionId);
      setRecorded(transactionId);
    } catch (error) {
      setCardError(
        englishText(
          /*i18n*/ 'Your card was charged (transaction {transactionId}), but we could not mark the order paid: {reason}',
          {
            transactionId,
            reason: errorMessage(error, /*i18n*/ 'the shop could not be reached.'),
          },
        ),
      );
    }
  }

  if (order.isError) return <Problem error={order.error} what={t`this order`} onRetry={() => order.refetch()} />;
  if (config.isError) return <LoadError what={t`the payment settings`} onRetry={() => config.refetch()} />;
  if (!order.data || !config.data) return <Spinner label={t`Loading your order`} />;

  if (recorded) return <OrderConfirmation order={order.data} transactionId={recorded} />;

  if (order.data.paid && !charged) {
    return (
      <section className="max-w-xl space-y-4">
        <h2 className="text-2xl font-bold">
          <Trans>Payment</Trans>
        </h2>
        <OrderSummary order={order.data} />
        <div role="status" className="alert alert-success alert-soft flex-wrap justify-between">
          <span className="break-all">
            <Trans>This order is already paid (transaction {order.data.transactionId}).</Trans>
          </span>
          <Link to="/dashboard/orders" className="btn btn-sm">
            <Trans>My Orders</Trans>
          </Link>
        </div>
      </section>
    );
  }

  const cardForm: CardFormProps = {
    clientSecret: clientSecret.data,
    billingDetails: { name: order.data.userName, email: order.data.email },
    paid: Boolean(charged),
    onPaid: handlePaid,
    onCardError: setCardError,
  };

  return (
    <section className="max-w-xl space-y-4">
      <h2 className="text-2xl font-bold">
        <Trans>Payment</Trans>
      </h2>
      <OrderSummary order={order.data} />
      {clientSecret.isError ? (
        <Problem error={clientSecret.error} what={t`a payment for this order`} onRetry={() => clientSecret.refetch()} />
      ) : null}
      <CardPayment
        config={config.data}
        cardForm={cardForm}
        error={cardError}
        hostedAction={`/dashboard/payment/${id}/sslcommerz`}
      />
    </section>
  );
}
