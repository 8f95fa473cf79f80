import { LIMITS } from '../../../../shared/limits.ts';
import type { Order } from '../../../../shared/order.ts';
import { truncateWithEllipsis } from '../../../../shared/text.ts';

/** The ordered product as tables show it: its picture and its name cut to 30 characters. */
export function OrderProduct({ order }: { order: Order }) {
  return (
    <div className="flex items-center gap-3">
      <img
        src={order.picture}
        alt=""
        width={40}
        height={40}
        className="hidden h-10 w-10 rounded bg-base-200 object-contain sm:block"
      />
      <span title={order.name}>{truncateWithEllipsis(order.name, LIMITS.displayNameLength)}</span>
    </div>
  );
}
