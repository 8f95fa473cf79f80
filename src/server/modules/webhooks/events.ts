import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema.ts';
import {
  WEBHOOK_EVENT_BODIES,
  WEBHOOK_TEST_EVENT,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookSentType,
} from '#shared/webhooks.ts';

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
  await queueEventFor(
    tx,
    endpoints.map((endpoint) => endpoint.id),
    event,
  );
}

/**
 * A test event for one of the merchant's endpoints (issue 41), signed and sent like any other, so a shop
 * can check its receiver and its signature check before a parcel moves; its delivery's id.
 */
export async function queueTestEvent(tx: Transaction, merchantId: string, endpointId: string): Promise<string> {
  const [delivery] = await queueEventFor(tx, [endpointId], {
    merchantId,
    type: WEBHOOK_TEST_EVENT,
    data: { endpointId },
    orderingKey: `test:${endpointId}`,
  });
  if (!delivery) throw new Error('a test event was not queued');
  return delivery;
}

/** The event written once, with a delivery for each endpoint; the deliveries' ids. */
async function queueEventFor<Type extends WebhookSentType>(
  tx: Transaction,
  endpointIds: string[],
  event: { merchantId: string; type: Type; data: WebhookEventData[Type]; orderingKey: string },
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const id = randomUUID();
  // Built through the event's own schema, the one the API document publishes (issue 41): a body it would not describe is never sent.
  const body = JSON.stringify(
    WEBHOOK_EVENT_BODIES[event.type].parse({ id, type: event.type, createdAt: new Date().toISOString(), data: event.data }),
  );
  await tx.insert(webhookEvents).values({ id, merchantId: event.merchantId, type: event.type, body });
  const queued = await tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ eventId: id, endpointId, orderingKey: event.orderingKey })))
    .returning({ id: webhookDeliveries.id });
  return queued.map((delivery) => delivery.id);
}
