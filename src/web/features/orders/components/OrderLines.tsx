import { useLingui } from '@lingui/react/macro';
import type { Order } from '#shared/order.ts';
import { useFormat } from '#web/lib/use-format.ts';

/** What an order of several lines holds (R-CHECKOUT), one line each; a one-line order says it in its name already. */
export function OrderLines({ order }: { order: Order }) {
  const { count, price } = useFormat();
  const { t } = useLingui();
  if (order.lines.length < 2) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs" aria-label={t`Lines of order ${order.number}`} data-testid="order-lines">
      {order.lines.map((line, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a deleted product's line has no id, and lines never move within an order.
        <li key={position}>
          {count(line.quantity)} × {line.name} · {price(line.price)}
        </li>
      ))}
    </ul>
  );
}
