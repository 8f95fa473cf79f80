import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/order.ts';

/** The payment greeting (R-PAYMENT): the customer's name, the product, the quantity and the price in dollars. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body flex-row items-center gap-4 p-4 sm:p-6">
        <img src={order.picture} alt={order.name} className="h-20 w-20 shrink-0 rounded-box bg-base-200 object-contain p-1" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold text-primary">Hello, {order.userName}</p>
          <h2 className="card-title break-words text-lg">Please pay for {order.name}</h2>
          <p>
            Order : <span className="font-mono">{order.number}</span>
          </p>
          <p>
            Quantity : <span className="font-semibold">{order.quantity}</span>
          </p>
          <p>
            Please pay : <span className="font-semibold">{formatPrice(order.price)}</span>
          </p>
        </div>
      </div>
    </div>
  );
}
