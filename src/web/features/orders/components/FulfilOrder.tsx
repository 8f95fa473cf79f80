import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { LIMITS } from '#shared/limits.ts';
import type { Order, OrderStatusChange } from '#shared/order.ts';
import { ConfirmButton } from '#web/components/ConfirmButton.tsx';
import { toast, toastApiError } from '#web/lib/toast.ts';
import { useFormat } from '#web/lib/use-format.ts';
import { useChangeOrderStatus } from '../api/use-orders.ts';

/**
 * Manage Orders' actions after payment (R-ORDER-STATUS): ship a paid order with its carrier and
 * tracking number, mark a shipped one delivered, refund either, each with an optional note for the
 * order's timeline (R-ORDER-TIMELINE). The server decides what is allowed.
 */
/** The shop's own network's shipping form (the parcels feature's), composed in by the app (issue 29). */
export type ShipWithUs = (order: Order) => ReactNode;

export function FulfilOrder({ order, shipWithUs }: { order: Order; shipWithUs?: ShipWithUs }) {
  const { price } = useFormat();
  const { t } = useLingui();
  const changeStatus = useChangeOrderStatus();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [note, setNote] = useState('');
  const ids = useId();
  const busy = changeStatus.isPending && changeStatus.variables?.id === order._id;

  async function send(change: OrderStatusChange, done: string) {
    try {
      await changeStatus.mutateAsync({ id: order._id, change: { ...change, note: note.trim() || undefined } });
      setNote('');
      toast.success(done);
    } catch (error) {
      toastApiError(error, /*i18n*/ 'The order could not be changed. Please try again.');
    }
  }

  function ship(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send({ status: 'shipped', carrier, trackingNumber }, /*i18n*/ 'Order marked shipped');
  }

  // Folded away until wanted: most changes need no note, and every row of Manage Orders would grow by one.
  const noteField = (
    <details className="text-xs">
      <summary className="cursor-pointer py-1">
        <Trans>Add a note</Trans>
      </summary>
      <label className="mt-1 flex flex-col gap-1">
        <Trans>Note for the timeline</Trans>
        <input
          className="input input-xs"
          maxLength={LIMITS.orderNoteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
    </details>
  );

  const refund = (
    <ConfirmButton
      label={t`Refund`}
      className="btn btn-xs btn-warning btn-outline w-fit"
      disabled={busy}
      question={t`Refund ${price(order.price)} of order ${order.number}?`}
      details={t`The card payment is given back to the customer; this cannot be undone.`}
      onConfirm={() => void send({ status: 'refunded' }, /*i18n*/ 'Order refunded')}
    />
  );

  if (order.status === 'shipped') {
    return (
      <div className="flex flex-col gap-2">
        {noteField}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-xs btn-primary w-fit"
            disabled={busy}
            onClick={() => send({ status: 'delivered' }, /*i18n*/ 'Order marked delivered')}
          >
            <Trans>Mark delivered</Trans>
          </button>
          {refund}
        </div>
      </div>
    );
  }
  if (order.status !== 'paid') return null;
  return (
    <div className="flex flex-col gap-2">
      {order.shippingAddress ? shipWithUs?.(order) : null}
      <form className="flex flex-col gap-1" onSubmit={ship}>
        <label className="text-xs" htmlFor={`${ids}-carrier`}>
          <Trans>Carrier</Trans>
        </label>
        <input
          id={`${ids}-carrier`}
          className="input input-xs"
          required
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
        <label className="text-xs" htmlFor={`${ids}-tracking`}>
          <Trans>Tracking number</Trans>
        </label>
        <input
          id={`${ids}-tracking`}
          className="input input-xs"
          required
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
        {noteField}
        <button type="submit" className="btn btn-xs btn-primary w-fit" disabled={busy}>
          <Trans>Mark shipped</Trans>
        </button>
      </form>
      {refund}
    </div>
  );
}
