import type { z } from 'zod';
import type { Viewer } from '#server/auth/plugin.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { OWN_CARRIER } from '#shared/carriers.ts';
import { bdMobileSchema, type shipOrderInputSchema } from '#shared/consignment.ts';
import { formatOrderNumber } from '#shared/order-status.ts';
import { OrderMoves } from '../orders/lifecycle.ts';
import { orderStatusChanged } from '../orders/mails.ts';
import { findOrder } from '../orders/order-row.ts';
import type { ConsignmentRow } from './consignment-row.ts';
import { type ConsignmentContext, insertPricedConsignment } from './service.ts';

export const ORDER_SHIPPING_MESSAGES = {
  notFound: /*i18n*/ 'No order has this id.',
  notPaid: /*i18n*/ 'Only a paid order is shipped: this one is not paid, or has already left.',
  noAddress: /*i18n*/ 'This order has no delivery address yet: add one before shipping it.',
  phone: /*i18n*/ 'The order’s phone is not a Bangladeshi mobile number: change its delivery address first.',
} as const;

/**
 * "Ship with SwiftCargo" (issue 29): books a parcel for a paid order from the shop's warehouse to the
 * order's delivery address, priced as any parcel but with no fee (the shop's own), and marks the order
 * shipped with the parcel's code as its tracking number, in one transaction. When the parcel is
 * delivered, so is the order (moves.ts).
 */
export async function shipOrderWithUs(
  context: ConsignmentContext,
  admin: Viewer,
  orderId: string,
  input: z.output<typeof shipOrderInputSchema>,
  now = new Date(),
): Promise<ConsignmentRow> {
  const { db, config } = context;
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(ORDER_SHIPPING_MESSAGES.notFound);
  if (order.status !== 'paid') throw conflict(ORDER_SHIPPING_MESSAGES.notPaid);
  if (order.shippingName === null || order.shippingAddress === null || order.shippingPhone === null)
    throw conflict(ORDER_SHIPPING_MESSAGES.noAddress);
  const phone = bdMobileSchema.safeParse(order.shippingPhone);
  if (!phone.success) throw badRequest(ORDER_SHIPPING_MESSAGES.phone, { phone: ORDER_SHIPPING_MESSAGES.phone });
  return db.transaction(async (tx) => {
    const parcel = await insertPricedConsignment(
      context,
      tx,
      {
        service: input.service,
        pickup: {
          name: config.shopName,
          phone: config.warehouse.phone,
          address: config.warehouse.address,
          areaId: config.warehouse.areaId,
        },
        recipient: {
          name: order.shippingName ?? '',
          phone: phone.data,
          address: order.shippingAddress ?? '',
          areaId: input.areaId,
        },
        weightGrams: input.weightGrams,
        codAmount: 0,
        merchantInvoice: formatOrderNumber(order.number),
        note: undefined,
        deliveryType: 'home',
        itemDescription: undefined,
      },
      { userId: admin.userId, now, feePayment: 'shop', orderId: order.id },
    );
    const [shipped] = await new OrderMoves(tx).move(
      { id: order.id },
      {
        to: 'shipped',
        actor: admin.email,
        changes: { carrier: OWN_CARRIER, trackingNumber: parcel.trackingCode },
        mail: (moved) => orderStatusChanged(moved, 'shipped'),
      },
    );
    // Paid when read above, moved on since (a refund at the same moment): nothing is booked.
    if (!shipped) throw conflict(ORDER_SHIPPING_MESSAGES.notPaid);
    return parcel;
  });
}
