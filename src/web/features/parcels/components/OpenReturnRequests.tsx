import { Trans, useLingui } from '@lingui/react/macro';
import { nextReturnStatus } from '#shared/return-request.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useMoveReturnRequest, useOpenReturnRequests } from '../api/use-return-requests.ts';
import { RETURN_KIND_NAMES, RETURN_STATUS_NAMES } from './status-names.ts';

/** Why staff mark a pickup failed, in the words the merchant then reads (R-RETURN-REQUESTS). */
const REFUSED = /*i18n*/ 'The recipient refused or could not be reached';

/**
 * Operations' return requests on their way (R-RETURN-REQUESTS): each moved by staff to its next status
 * (collected, at the hub, returned to the merchant, which debits its charge) or, before it is at a hub,
 * marked failed. A list, not a table, so it fits a phone.
 */
export function OpenReturnRequests() {
  const { t, i18n } = useLingui();
  const open = useOpenReturnRequests();
  const move = useMoveReturnRequest();
  const requests = open.data?.returnRequests ?? [];
  const moved = {
    onSuccess: () => toast.success(/*i18n*/ 'Return request moved.'),
    onError: (error: Error) => toastApiError(error, /*i18n*/ 'The return request could not be moved. Please try again.'),
  };
  return (
    <section aria-label={t`Return requests on their way`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <h3 className="card-title text-lg">
          <Trans>Return requests on their way</Trans>
        </h3>
        {requests.length === 0 ? (
          <p className="text-base-content/70">{t`Nothing here.`}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-200">
            {requests.map((request) => {
              const next = nextReturnStatus(request.status);
              return (
                <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="open-return">
                  <span className="min-w-0 break-words">
                    <span className="font-mono">{request.trackingCode}</span> · {i18n._(RETURN_KIND_NAMES[request.kind])} ·{' '}
                    <span className="badge badge-outline">{i18n._(RETURN_STATUS_NAMES[request.status])}</span>
                    <span className="block text-sm">{request.reason}</span>
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {next ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={move.isPending}
                        onClick={() => move.mutate({ id: request.id }, moved)}
                      >
                        {t`Mark: ${i18n._(RETURN_STATUS_NAMES[next])}`}
                      </button>
                    ) : null}
                    {request.status === 'at_hub' ? null : (
                      <ConfirmButton
                        label={t`Mark failed`}
                        className="btn btn-sm btn-outline btn-error"
                        disabled={move.isPending}
                        question={t`Mark the pickup of ${request.trackingCode} failed?`}
                        details={i18n._(REFUSED)}
                        onConfirm={() => move.mutate({ id: request.id, to: 'failed', failureReason: i18n._(REFUSED) }, moved)}
                      />
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
