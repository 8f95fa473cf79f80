import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema.ts';
import type { WebhookEventData, WebhookEventType } from '#shared/webhooks.ts';

/**
 * Public file of the webhooks module (R-WEBHOOKS): `queueWebhookEvent` writes an event for a merchant
 * in the transaction of the change, with one delivery for each of the merchant's endpoints that takes
 * its type, so an event is sent if and only if its change commits. The body is fixed here: every
 * attempt, and every resend, sends the same bytes with the same event id.
 */
export async function queueWebhookEvent<Type extends WebhookEventType>(
  tx: Transaction,
  event: {
    merchantId: string;
    type: Type;
    data: WebhookEventData[Type];
    /** Events with one key (a parcel, a payout) reach each endpoint in the order they were written. */
    orderingKey: string;
  },
): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, event.merchantId), sql`${event.type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return;
  const id = randomUUID();
  const body = JSON.stringify({ id, type: event.type, createdAt: new Date().toISOString(), data: event.data });
  await tx.insert(webhookEvents).values({ id, merchantId: event.merchantId, type: event.type, body });
  await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ eventId: id, endpointId: endpoint.id, orderingKey: event.orderingKey })));
}
