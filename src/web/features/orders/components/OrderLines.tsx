import { formatPrice } from '#shared/money.ts';
import type { Order } from '#shared/order.ts';

/** What an order of several lines holds (R-CHECKOUT), one line each; a one-line order says it in its name already. */
export function OrderLines({ order }: { order: Order }) {
  if (order.lines.length < 2) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs" aria-label={`Lines of order ${order.number}`} data-testid="order-lines">
      {order.lines.map((line, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a deleted product's line has no id, and lines never move within an order.
        <li key={position}>
          {line.quantity} × {line.name} · {formatPrice(line.price)}
        </li>
      ))}
    </ul>
  );
}
