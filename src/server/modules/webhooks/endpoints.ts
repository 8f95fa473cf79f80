import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { merchants, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { LIMITS } from '#shared/limits.ts';
import {
  type NewWebhookEndpoint,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSentType,
  type webhookEndpointInputSchema,
} from '#shared/webhooks.ts';
import { allowedAddresses, ForbiddenHost, hostOf, type ResolveHost } from './addresses.ts';
import { queueTestEvent } from './events.ts';

/**
 * Public file of the webhooks module for the merchant's own endpoints (R-WEBHOOKS): registering,
 * listing and removing them, a new secret, a test event, the delivery log and its resend. Every call names the merchant, and
 * reaches that merchant's endpoints only: another's is "not found".
 */

const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: as strong as the HMAC-SHA256 it keys. */
const SECRET_BYTES = 32;

/** Whether merchants' endpoints may be http and private (tests), and how their hosts are resolved. */
export interface EndpointRules {
  allowPrivate: boolean;
  resolve: ResolveHost;
}

const present = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
});

/** 400 unless the address is https and leads only to public addresses, resolved now (server-side request forgery). */
async function assertReachable(url: URL, rules: EndpointRules): Promise<void> {
  if (rules.allowPrivate) return;
  if (url.protocol !== 'https:') throw badRequest(WEBHOOK_MESSAGES.httpsOnly, { url: WEBHOOK_MESSAGES.httpsOnly });
  try {
    await allowedAddresses(hostOf(url), rules.resolve);
  } catch (error) {
    if (error instanceof ForbiddenHost) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

/**
 * A new endpoint of the merchant: answered with its signing secret, which is shown this once (decision
 * 70). At most LIMITS.webhookEndpointsMax per merchant (issue 39 item 7, decision 107), counted under
 * the merchant's row lock so two registered at once cannot both be the last.
 */
const newSecret = () => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;

export async function registerEndpoint(
  db: Database,
  merchantId: string,
  input: z.output<typeof webhookEndpointInputSchema>,
  rules: EndpointRules,
): Promise<NewWebhookEndpoint> {
  await assertReachable(new URL(input.url), rules);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    const [registered] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.merchantId, merchantId));
    if ((registered?.count ?? 0) >= LIMITS.webhookEndpointsMax) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [saved] = await tx
      .insert(webhookEndpoints)
      .values({ merchantId, url: input.url, events: input.events, secret })
      .returning();
    return saved;
  });
  if (!row) throw new Error('a webhook endpoint was not saved');
  return { ...present(row), secret };
}

export async function listEndpoints(db: Database, merchantId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.merchantId, merchantId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(present);
}

/**
 * A new signing secret for the endpoint, shown in this answer only (issue 41): from now on every attempt
 * is signed with it, those waiting to be retried too (each attempt is signed when it is made); the old one
 * stops at once, so a leaked secret is dead the moment it is rotated.
 */
export async function rotateSecret(db: Database, merchantId: string, endpointId: string): Promise<NewWebhookEndpoint> {
  const secret = newSecret();
  const [rotated] = await db
    .update(webhookEndpoints)
    .set({ secret })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, merchantId)))
    .returning();
  if (!rotated) throw notFound(WEBHOOK_MESSAGES.noEndpoint);
  return { ...present(rotated), secret };
}

/** A test event queued for one of the merchant's endpoints (see queueTestEvent): its delivery, not yet tried. */
export async function sendTestEvent(db: Database, merchantId: string, endpointId: string): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, merchantId)));
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.noEndpoint);
    const deliveryId = await queueTestEvent(tx, merchantId, endpointId);
    const [queued] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!queued) throw new Error('a test delivery was not queued');
    return presentQueued(queued, WEBHOOK_TEST_EVENT);
  });
}

/** A delivery just queued, as the log shows it: no attempt yet. */
const presentQueued = (queued: typeof webhookDeliveries.$inferSelect, eventType: WebhookSentType): WebhookDelivery => ({
  id: queued.id,
  eventId: queued.eventId,
  eventType,
  status: queued.status,
  createdAt: queued.createdAt.toISOString(),
  attempts: [],
});

/** Removes an endpoint with its log: nothing more is sent to it, even what was waiting. Answers what it was. */
export async function removeEndpoint(db: Database, merchantId: string, endpointId: string): Promise<WebhookEndpoint> {
  const [removed] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, merchantId)))
    .returning();
  if (!removed) throw notFound(WEBHOOK_MESSAGES.noEndpoint);
  return present(removed);
}

/** The endpoint's latest deliveries, newest first, each with its attempts, oldest first. */
export async function deliveryLog(db: Database, merchantId: string, endpointId: string): Promise<WebhookDelivery[]> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.merchantId, merchantId)));
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.noEndpoint);
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.queued))
    .limit(LIMITS.webhookLogSize);
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(asc(webhookAttempts.id));
  return deliveries.map((delivery) => ({
    ...delivery,
    createdAt: delivery.createdAt.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        at: attempt.at.toISOString(),
        responseStatus: attempt.responseStatus,
        error: attempt.error,
        durationMs: attempt.durationMs,
      })),
  }));
}

/**
 * The merchant's resend: the delivery's event queued again for its endpoint, a new series of attempts
 * with the same event id and body, after what is already waiting for the same parcel.
 */
export async function resendDelivery(db: Database, merchantId: string, deliveryId: string): Promise<WebhookDelivery> {
  const [original] = await db
    .select({
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      endpointId: webhookDeliveries.endpointId,
      orderingKey: webhookDeliveries.orderingKey,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.merchantId, merchantId)));
  if (!original) throw notFound(WEBHOOK_MESSAGES.noDelivery);
  const { eventType, ...again } = original;
  const [queued] = await db.insert(webhookDeliveries).values(again).returning();
  if (!queued) throw new Error('a resent delivery was not queued');
  return presentQueued(queued, eventType);
}
