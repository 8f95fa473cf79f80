import { Trans } from '@lingui/react/macro';
import type { Order } from '#shared/order.ts';
import { useFormat } from '#web/lib/use-format.ts';

/** The payment greeting (R-PAYMENT): the customer's name, the product, the quantity and the price in dollars. */
export function OrderSummary({ order }: { order: Order }) {
  const { price } = useFormat();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body flex-row items-center gap-4 p-4 sm:p-6">
        <img src={order.picture} alt={order.name} className="h-20 w-20 shrink-0 rounded-box bg-base-200 object-contain p-1" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold text-primary">
            <Trans>Hello, {order.userName}</Trans>
          </p>
          <h2 className="card-title break-words text-lg">
            <Trans>Please pay for {order.name}</Trans>
          </h2>
          <p>
            <Trans>
              Order : <span className="font-mono">{order.number}</span>
            </Trans>
          </p>
          <p>
            <Trans>
              Quantity : <span className="font-semibold">{order.quantity}</span>
            </Trans>
          </p>
          <p>
            <Trans>
              Please pay : <span className="font-semibold">{price(order.price)}</span>
            </Trans>
          </p>
        </div>
      </div>
    </div>
  );
}
