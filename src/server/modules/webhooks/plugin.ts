import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#server/db/client.ts';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from '#server/outbox/polling-worker.ts';
import type { EndpointRules } from './endpoints.ts';
import { WebhookWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the webhook outbox; tests call `deliverDue()` to run a round at a moment of their choosing. */
    webhookWorker: WebhookWorker;
  }
}

/** The webhook outbox's worker (R-WEBHOOKS): started once the server is ready, stopped when it closes. */
async function webhooksPlugin(
  app: FastifyInstance,
  options: { db: Database; rules: EndpointRules; timing?: Partial<OutboxTiming> },
) {
  const worker = new WebhookWorker({
    db: options.db,
    log: app.log,
    timing: { ...DEFAULT_OUTBOX_TIMING, ...options.timing },
    ...options.rules,
  });
  app.decorate('webhookWorker', worker);
  app.addHook('onReady', () => worker.start());
  app.addHook('onClose', () => worker.stop());
}

export default fp(webhooksPlugin, { name: 'webhooks' });
