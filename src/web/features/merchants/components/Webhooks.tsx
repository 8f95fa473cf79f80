import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '#shared/locale-format.ts';
import {
  type NewWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  webhookEndpointInputSchema,
} from '#shared/webhooks.ts';
import { FormField } from '#web/components/FormField.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastApiError } from '#web/lib/toast.ts';
import { useInPageLanguage } from '#web/lib/use-in-page-language.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import { useWebhookEndpoints } from '../api/use-merchant.ts';
import { WebhookLog } from './WebhookLog.tsx';

/**
 * Webhooks (R-WEBHOOKS): the merchant registers an https endpoint and the events it takes; its signing
 * secret is shown here once, to copy into the merchant's own shop; each endpoint can be removed and
 * its delivery log opened.
 */
export function Webhooks() {
  const { t } = useLingui();
  const inPageLanguage = useInPageLanguage();
  const { language } = useParcelFormat();
  const endpoints = useWebhookEndpoints();
  const [made, setMade] = useState<NewWebhookEndpoint>();
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [openLog, setOpenLog] = useState<string>();
  const eventNames: Record<WebhookEventType, string> = {
    'consignment.status_changed': t`A parcel’s status changes`,
    'payout.created': t`A payout is made`,
    'payout.paid': t`A payout is paid`,
    'return_request.status_changed': t`A return request’s status changes`,
    'consignment.recipient_answered': t`A recipient confirms a parcel, asks for a change, or did not order it`,
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = webhookEndpointInputSchema.safeParse({ url: data.get('url'), events: data.getAll('events') });
    const issueOf = (field: string) => parsed.error?.issues.find((issue) => issue.path[0] === field)?.message;
    setErrors({ url: issueOf('url'), events: issueOf('events') });
    if (!parsed.success) return;
    endpoints.create.mutate(parsed.data, {
      onSuccess: (endpoint) => {
        setMade(endpoint);
        form.reset();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.fields?.url) setErrors({ url: failure.fields.url });
        else toastApiError(failure, /*i18n*/ 'The endpoint could not be added. Please try again.');
      },
    });
  };

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-3">
      <h3 id="webhooks-heading" className="text-xl font-semibold">
        <Trans>Webhooks</Trans>
      </h3>
      <p className="text-sm text-base-content/80">
        <Trans>
          Your shop hears of its parcels and payouts as they happen: each event is POSTed as JSON to your endpoint, signed in the
          SwiftCargo-Signature header with the endpoint’s secret, and sent again for up to 24 hours until it answers 2xx.
        </Trans>
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        {/* Said before it is refused (issue 42, decision 146): the host is looked up when the endpoint is added. */}
        <FormField
          label={t`Endpoint address (https://…)`}
          name="url"
          type="url"
          error={errors.url}
          hint={t`Its host name must already be found in DNS at a public address: it is checked when you add the endpoint.`}
          required
        />
        <fieldset className="flex flex-col gap-1" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium">
            <Trans>Events to send</Trans>
          </legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2">
              <input type="checkbox" className="checkbox checkbox-sm mt-0.5" name="events" value={type} defaultChecked />
              {/* The event's name wraps under its words on a phone instead of squeezing them into a column. */}
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span>{eventNames[type]}</span>
                <code className="break-all font-mono text-xs text-base-content/70">{type}</code>
              </span>
            </label>
          ))}
          {errors.events ? (
            <p id="webhook-events-error" className="text-sm text-error">
              {inPageLanguage(errors.events)}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className="btn btn-primary self-start" disabled={endpoints.create.isPending}>
          <Trans>Add endpoint</Trans>
        </button>
      </form>
      {made ? (
        <div role="status" className="alert alert-success alert-soft flex-col items-start">
          <p>
            <Trans>Copy the signing secret now: it is shown this once.</Trans>
          </p>
          <code className="break-all font-mono" data-testid="new-webhook-secret">
            {made.secret}
          </code>
        </div>
      ) : null}
      {endpoints.list.isPending ? <Spinner label={t`Loading your webhook endpoints`} /> : null}
      {endpoints.list.isError ? <LoadError what={t`your webhook endpoints`} onRetry={() => endpoints.list.refetch()} /> : null}
      {endpoints.list.data?.length === 0 ? (
        <p className="text-sm text-base-content/80">
          <Trans>No endpoints yet: add one above to hear of your parcels and payouts.</Trans>
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {endpoints.list.data?.map((endpoint) => {
          const added = formatDateTime(new Date(endpoint.createdAt), language);
          return (
            <li key={endpoint.id} className="card card-border bg-base-100" data-testid="webhook-endpoint">
              <div className="card-body gap-2 p-4">
                <p className="break-all font-mono text-sm">{endpoint.url}</p>
                <p className="text-xs text-base-content/70">
                  <Trans>Added {added}</Trans>
                  {' · '}
                  {endpoint.events.map((type) => eventNames[type]).join(', ')}
                </p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-outline btn-xs"
                    aria-expanded={openLog === endpoint.id}
                    onClick={() => setOpenLog(openLog === endpoint.id ? undefined : endpoint.id)}
                  >
                    <Trans>Delivery log</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-xs"
                    disabled={endpoints.remove.isPending}
                    onClick={() =>
                      endpoints.remove.mutate(endpoint.id, {
                        onError: (failure) =>
                          toastApiError(failure, /*i18n*/ 'The endpoint could not be removed. Please try again.'),
                      })
                    }
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
                {openLog === endpoint.id ? <WebhookLog endpointId={endpoint.id} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
