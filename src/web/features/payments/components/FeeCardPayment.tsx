import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MESSAGES } from '#shared/messages.ts';
import { englishText } from '#shared/translate.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useFeeClientSecret, useRecordFeePayment } from '../api/use-fee-payment.ts';
import { usePaymentConfig } from '../api/use-payment-config.ts';
import { CardPayment } from './CardPayment.tsx';

/**
 * A parcel's delivery fee paid by card (issue 28), through the same processor and card forms as an
 * order's payment: the amount is the one the parcel was booked at, in taka, never the page's.
 */
export function FeeCardPayment({
  trackingCode,
  total,
  billingDetails,
}: {
  trackingCode: string;
  /** Poisha, as booked: shown, never sent. */
  total: number;
  billingDetails: { name: string; email: string };
}) {
  const { t } = useLingui();
  const { taka } = useParcelFormat();
  const config = usePaymentConfig();
  const clientSecret = useFeeClientSecret(trackingCode);
  const record = useRecordFeePayment(trackingCode);
  const [cardError, setCardError] = useState<string>();
  const [charged, setCharged] = useState(false);

  const onPaid = async (transactionId: string) => {
    setCharged(true);
    try {
      await record.mutateAsync(transactionId);
      toast.success(MESSAGES.paymentComplete);
    } catch (error) {
      setCardError(
        englishText(
          /*i18n*/ 'Your card was charged (transaction {transactionId}), but we could not mark the fee paid: {reason}',
          { transactionId, reason: errorMessage(error, /*i18n*/ 'the shop could not be reached.') },
        ),
      );
    }
  };

  if (config.isError) return <LoadError what={t`the payment settings`} onRetry={() => config.refetch()} />;
  if (clientSecret.isError) return <LoadError what={t`a payment for this parcel`} onRetry={() => clientSecret.refetch()} />;
  if (!config.data) return <Spinner label={t`Loading the card form`} />;
  const amount = taka(total);
  return (
    <section aria-labelledby="fee-heading" className="flex flex-col gap-3">
      <h3 id="fee-heading" className="text-xl font-bold">
        <Trans>Pay the fee: {amount}</Trans>
      </h3>
      <CardPayment
        config={config.data}
        cardForm={{ clientSecret: clientSecret.data, billingDetails, paid: charged, onPaid, onCardError: setCardError }}
        error={cardError}
        hostedAction={`/dashboard/parcels/${trackingCode}/sslcommerz`}
      />
    </section>
  );
}
