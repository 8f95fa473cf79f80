import { Trans } from '@lingui/react/macro';
import type { Order } from '#shared/order.ts';
import { AddDeliveryAddress } from './AddDeliveryAddress.tsx';

/**
 * Where an order goes (R-ORDER-ADDRESS), as it was at purchase or as an admin gave it; Manage Orders
 * (`editable`) can add or change it until the order ships.
 */
export function DeliveryAddress({ order, editable = false }: { order: Order; editable?: boolean }) {
  const address = order.shippingAddress;
  return (
    <div className="flex flex-col gap-1 text-xs">
      {address ? (
        <address className="not-italic">
          <span className="font-medium">{address.name}</span>
          <br />
          <span className="break-words">{address.address}</span>
          <br />
          <span className="whitespace-nowrap">{address.phone}</span>
        </address>
      ) : (
        <span className="italic text-base-content/80">
          <Trans>No delivery address yet</Trans>
        </span>
      )}
      {editable ? <AddDeliveryAddress order={order} /> : null}
    </div>
  );
}
