import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { FreightRequest } from '#shared/freight.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { LoadError } from '#web/components/LoadError.tsx';
import { Spinner } from '#web/components/Spinner.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useParcelFormat } from '#web/lib/use-parcel-format.ts';
import {
  useAcceptFreight,
  useDeclineFreight,
  useFreightRequests,
  useQuoteFreight,
  useScheduleFreight,
} from '../api/use-freight.ts';
import { FREIGHT_MODE_NAMES, FREIGHT_STATUS_NAMES } from './freight-names.ts';

const STATUS_BADGE: Record<FreightRequest['status'], string> = {
  requested: 'badge-warning',
  quoted: 'badge-info',
  accepted: 'badge-success',
  scheduled: 'badge-success',
  expired: 'badge-ghost',
  declined: 'badge-ghost',
};

/** The admin's forms: a price (in taka) and its last day, or the day an accepted load moves. */
function AdminActions({ request }: { request: FreightRequest }) {
  const { t } = useLingui();
  const quote = useQuoteFreight();
  const schedule = useScheduleFreight();
  const fields = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
  };
  const sendQuote = async (event: FormEvent<HTMLFormElement>) => {
    const { amount = '', validUntil = '' } = fields(event);
    try {
      await quote.mutateAsync({ id: request.id, input: { amount: Math.round(Number(amount) * 100), validUntil } });
      toast.success(/*i18n*/ 'The quote is sent to the customer.');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The quote could not be sent. Please try again.');
    }
  };
  const sendSchedule = async (event: FormEvent<HTMLFormElement>) => {
    const { scheduledFor = '' } = fields(event);
    try {
      await schedule.mutateAsync({ id: request.id, input: { scheduledFor } });
      toast.success(/*i18n*/ 'The day is sent to the customer.');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The day could not be saved. Please try again.');
    }
  };
  if (['requested', 'quoted', 'expired', 'declined'].includes(request.status))
    return (
      <form className="flex flex-wrap items-end gap-2" onSubmit={sendQuote}>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Price (৳)</Trans>
          <input name="amount" type="number" min="1" step="0.01" required className="input input-sm w-36" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Valid until</Trans>
          <input name="validUntil" type="date" required className="input input-sm w-40" />
        </label>
        <button type="submit" className="btn btn-primary btn-sm" disabled={quote.isPending}>
          {request.quote ? <Trans>Send a new quote</Trans> : <Trans>Send the quote</Trans>}
        </button>
      </form>
    );
  if (request.status === 'accepted')
    return (
      <form className="flex flex-wrap items-end gap-2" onSubmit={sendSchedule} aria-label={t`Schedule`}>
        <label className="flex flex-col gap-1 text-sm">
          <Trans>Moves on</Trans>
          <input name="scheduledFor" type="date" required className="input input-sm w-40" />
        </label>
        <button type="submit" className="btn btn-primary btn-sm" disabled={schedule.isPending}>
          <Trans>Schedule</Trans>
        </button>
      </form>
    );
  return null;
}

function RequestCard({ request, admin }: { request: FreightRequest; admin: boolean }) {
  const { t, i18n } = useLingui();
  const { taka, day, count } = useParcelFormat();
  const accept = useAcceptFreight();
  const decline = useDeclineFreight();
  const declineQuote = async () => {
    try {
      await decline.mutateAsync({ id: request.id, input: undefined });
      toast.success(/*i18n*/ 'You declined the quote. Ask us again whenever you like.');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The quote could not be declined. Please try again.');
    }
  };
  const acceptQuote = async () => {
    try {
      await accept.mutateAsync({ id: request.id, input: undefined });
      toast.success(/*i18n*/ 'You accepted the quote: we will mail you the day your load moves.');
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The quote could not be accepted. Please try again.');
    }
  };
  const price = request.quote ? taka(request.quote.amount) : '';
  const validUntil = request.quote ? day(request.quote.validUntil) : '';
  const weight = request.weightKg === null ? '' : count(request.weightKg);
  const volume = request.volumeCbm === null ? '' : count(request.volumeCbm);
  const movesOn = request.scheduledFor ? day(request.scheduledFor) : '';
  const readyOn = day(request.readyDate);
  const deliverBy = request.deliverBy ? day(request.deliverBy) : '';
  const number = request.number;
  return (
    <li className="card border border-base-300 bg-base-100" data-testid="freight-request">
      <div className="card-body gap-2 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="card-title text-lg">
            <span className="font-mono">{request.number}</span> · {i18n._(FREIGHT_MODE_NAMES[request.mode])}
          </h3>
          <span className={`badge badge-soft ${STATUS_BADGE[request.status]}`}>
            {i18n._(FREIGHT_STATUS_NAMES[request.status])}
          </span>
        </div>
        <p>
          {request.origin} → {request.destination}
        </p>
        <p className="text-sm text-base-content/80">
          {request.goods}
          {weight ? (
            <>
              {' · '}
              <Trans>{weight} kg</Trans>
            </>
          ) : null}
          {volume ? (
            <>
              {' · '}
              <Trans>{volume} m³</Trans>
            </>
          ) : null}
        </p>
        <p className="text-sm" data-testid="freight-dates">
          <Trans>Ready on {readyOn}</Trans>
          {deliverBy ? (
            <>
              {' · '}
              <Trans>Deliver by {deliverBy}</Trans>
            </>
          ) : null}
        </p>
        {admin ? (
          <p className="text-sm">
            {request.customer.name} · {request.customer.email}
            {request.phone ? ` · ${request.phone}` : null}
          </p>
        ) : null}
        {request.quote ? (
          <p className="font-semibold">
            <Trans>
              Quote {price}, valid until {validUntil}
            </Trans>
          </p>
        ) : null}
        {movesOn ? (
          <p className="font-semibold">
            <Trans>Moves on {movesOn}</Trans>
          </p>
        ) : null}
        {!admin && request.status === 'quoted' ? (
          // Accepting commits the customer to the price (issue 42): it asks first, naming the amount.
          <div className="flex flex-wrap gap-2">
            <ConfirmButton
              label={t`Accept the quote`}
              className="btn btn-primary btn-sm"
              disabled={accept.isPending}
              question={t`Accept ${price} for ${number}?`}
              details={t`You agree to pay ${price} for this load. We mail you the day it moves.`}
              onConfirm={acceptQuote}
            />
            <ConfirmButton
              label={t`Decline the quote`}
              className="btn btn-outline btn-sm"
              disabled={decline.isPending}
              question={t`Decline the quote of ${price} for ${number}?`}
              details={t`The quote is closed; you can ask for a new quote at any time.`}
              onConfirm={declineQuote}
            />
          </div>
        ) : null}
        {!admin && (request.status === 'accepted' || request.status === 'scheduled') && request.quote ? (
          <div className="rounded-box bg-base-200 p-3 text-sm" data-testid="freight-how-to-pay">
            <p className="font-semibold">
              <Trans>How to pay</Trans>
            </p>
            <p>
              <Trans>
                Pay {price} by bank transfer or bKash before the load moves, with {number} as the reference. Our freight team
                calls you to confirm the account and the day.
              </Trans>
            </p>
          </div>
        ) : null}
        {admin ? <AdminActions request={request} /> : null}
      </div>
    </li>
  );
}

/** Freight requests (R-FREIGHT): the customer's with their quotes to accept; for an admin everyone's, to price and schedule. */
export function FreightRequestsPage({ admin }: { admin: boolean }) {
  const { t } = useLingui();
  useDocumentTitle(t`Freight requests`);
  const requests = useFreightRequests();
  if (requests.isPending) return <Spinner label={t`Loading the freight requests`} />;
  if (requests.isError) return <LoadError what={t`the freight requests`} onRetry={() => requests.refetch()} />;
  return (
    <section aria-labelledby="freight-requests-heading" className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="freight-requests-heading" className="text-2xl font-bold">
          <Trans>Freight requests</Trans>
        </h2>
        <Link to="/freight" className="btn btn-primary btn-sm">
          <Trans>Ask for a freight quote</Trans>
        </Link>
      </div>
      {requests.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6 text-center">
          <Trans>No freight requests yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data.map((request) => (
            <RequestCard key={request.id} request={request} admin={admin} />
          ))}
        </ul>
      )}
    </section>
  );
}
