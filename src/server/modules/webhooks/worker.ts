import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { OutboxWorker } from '#server/outbox/outbox-worker.ts';
import type { OutboxTiming } from '#server/outbox/polling-worker.ts';
import type { ResolveHost } from './addresses.ts';
import { claimDueDeliveries, type DueDelivery, markDelivered, markRefused, recordAttempt } from './delivery-queue.ts';
import { postWebhook, signatureHeader, WEBHOOK_TIMEOUT_MS } from './sender.ts';

/** A delivery is retried with backoff for this long after it was queued, then given up (R-WEBHOOKS). */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;

/**
 * Sends the webhook outbox (R-WEBHOOKS): each due delivery is POSTed, signed with its endpoint's
 * secret, once per attempt across instances; a 2xx ends its series; anything else (another status, a
 * timeout, no connection, a refused address) is logged as an attempt and tried again with backoff.
 */
export class WebhookWorker extends OutboxWorker<DueDelivery> {
  constructor(
    private readonly options: {
      db: Database;
      log: FastifyBaseLogger;
      timing: OutboxTiming;
      allowPrivate: boolean;
      resolve: ResolveHost;
    },
  ) {
    super(options.db, options.log, options.timing, {
      name: 'webhook',
      outbox: 'webhook',
      refused: 'A webhook endpoint did not take an event',
      racePoint: 'webhook claimed',
      batch: 10,
      // Far longer than an attempt may take (WEBHOOK_TIMEOUT_MS), so a claimed delivery is never claimed twice.
      leaseMs: 12 * WEBHOOK_TIMEOUT_MS,
    });
  }

  protected claim(tx: Transaction, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    return claimDueDeliveries(tx, limit, leaseMs);
  }

  protected async hand(delivery: DueDelivery): Promise<'sent'> {
    const started = performance.now();
    const outcome = await postWebhook(
      delivery.url,
      delivery.body,
      {
        'swiftcargo-signature': signatureHeader(delivery.secret, delivery.body, Math.floor(Date.now() / 1000)),
        'swiftcargo-event-id': delivery.eventId,
        'swiftcargo-event-type': delivery.eventType,
      },
      this.options,
    );
    const answered = 'status' in outcome;
    await recordAttempt(this.db, {
      deliveryId: delivery.id,
      responseStatus: answered ? outcome.status : null,
      error: answered ? null : outcome.error,
      durationMs: Math.round(performance.now() - started),
    });
    if (!answered) throw new Error(outcome.error);
    if (outcome.status < 200 || outcome.status > 299) throw new Error(`answered ${outcome.status}`);
    return 'sent';
  }

  protected delivered(id: string): Promise<void> {
    return markDelivered(this.db, id);
  }

  protected refused(id: string, _error: string, retryInMs: number): Promise<void> {
    return markRefused(this.db, id, retryInMs, WEBHOOK_RETRY_FOR_MS);
  }
}
