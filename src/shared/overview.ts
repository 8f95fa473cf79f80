import { z } from 'zod';
import { ORDER_STATUSES } from './order-status.ts';

/** The overview's chart covers this many days, today included (R-OVERVIEW). */
export const OVERVIEW_DAYS = 30;

/** Sales: paid orders whose money the shop kept (a refunded order counts nowhere), and that money in dollars. */
const salesSchema = z.object({ orders: z.number().int(), revenue: z.number() });
export type Sales = z.infer<typeof salesSchema>;

/** GET /api/admin/overview (R-OVERVIEW): days are UTC days, counted by when the order was paid. */
export const overviewSchema = z.object({
  today: salesSchema,
  last7Days: salesSchema,
  last30Days: salesSchema,
  /** Every one of the last 30 days, oldest first, days without sales too. */
  days: z.array(salesSchema.extend({ date: z.iso.date() })),
  /** How many orders stand in each status now, whenever placed; every status, in the lifecycle's order. */
  statuses: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int() })),
  /** Products whose stock is at or below their minimum order quantity, the emptiest first. */
  lowStock: z.array(
    z.object({ _id: z.uuid(), name: z.string(), availableQuantity: z.number().int(), minQuantity: z.number().int() }),
  ),
  lowStockTotal: z.number().int(),
  /** The best sellers of the last 30 days by units, then revenue; a deleted product keeps its name. */
  topProducts: z.array(
    z.object({ productId: z.uuid().nullable(), name: z.string(), units: z.number().int(), revenue: z.number() }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;
