import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatNumber } from '#shared/locale-format.ts';
import type { WebhookDelivery } from '#shared/webhooks.ts';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { TableRegion } from '#web/components/TableRegion.tsx';
import { toastApiError } from '#web/lib/toast.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useWebhookDeliveries } from '../api/use-merchant.ts';

/**
 * One endpoint's delivery log (R-WEBHOOKS): each event sent to it, newest first, with every attempt's
 * time, answer (or why there was none) and duration, and a Resend that queues the event again.
 */
export function WebhookLog({ endpointId }: { endpointId: string }) {
  const { t } = useLingui();
  const { language } = useParcelFormat();
  // The log keeps our own refusals (a private address, no answer) in English; they are read in the page's language.
  const inPageLanguage = useInPageLanguage();
  const { log, resend } = useWebhookDeliveries(endpointId);
  const statusText = (delivery: WebhookDelivery) =>
    delivery.status === 'delivered' ? t`Delivered` : delivery.status === 'failed' ? t`Gave up` : t`Waiting`;

  if (log.isPending) return <Spinner label={t`Loading the delivery log`} />;
  if (log.isError) return <LoadError what={t`the delivery log`} onRetry={() => log.refetch()} />;
  if (log.data.length === 0)
    return (
      <p className="text-sm text-base-content/80">
        <Trans>Nothing was sent to this endpoint yet.</Trans>
      </p>
    );
  return (
    <TableRegion label={t`Delivery log`}>
      <table className="table table-sm">
        <thead>
          <tr>
            <th>{t`Event`}</th>
            <th>{t`Status`}</th>
            <th>{t`Attempts`}</th>
            <th>
              <span className="sr-only">{t`Actions`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((delivery) => (
            <tr key={delivery.id} data-testid="webhook-delivery">
              <td>
                <code className="font-mono text-xs">{delivery.eventType}</code>
                <div className="text-xs text-base-content/70">{formatDateTime(new Date(delivery.createdAt), language)}</div>
              </td>
              <td>{statusText(delivery)}</td>
              <td>
                <ul className="flex flex-col gap-1 text-xs">
                  {delivery.attempts.map((attempt) => {
                    const at = formatDateTime(new Date(attempt.at), language);
                    const duration = formatNumber(attempt.durationMs, language);
                    const answer =
                      attempt.responseStatus === null
                        ? inPageLanguage(attempt.error ?? undefined)
                        : `HTTP ${attempt.responseStatus}`;
                    return (
                      <li key={attempt.at}>
                        <Trans>
                          {at}: {answer} in {duration} ms
                        </Trans>
                      </li>
                    );
                  })}
                </ul>
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(delivery.id, {
                      onError: (failure) =>
                        toastApiError(failure, /*i18n*/ 'The event could not be sent again. Please try again.'),
                    })
                  }
                >
                  <Trans>Resend</Trans>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
