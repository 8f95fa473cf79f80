import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import type { FastifyBaseLogger } from 'fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { LIMITS } from '#shared/limits.ts';
import { createAuth } from './auth/auth.ts';
import authFormRoutes from './auth/form-routes.ts';
import { LiveSessions } from './auth/live-sessions.ts';
import { createMemoryAttemptStore, createRedisAttemptStore, LoginThrottle } from './auth/login-throttle.ts';
import authPlugin from './auth/plugin.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import publicReadsPlugin from './cache/plugin.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import historyPartitionSchedule from './db/history-partition-schedule.ts';
import { healthRoutes } from './health/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import newsletterFormRoute from './http/newsletter-form.ts';
import { openApiDocuments, registerOpenApi } from './http/openapi.ts';
import { proxyTrust } from './http/proxy-trust.ts';
import { registerRateLimits, trackingLookupLimit } from './http/rate-limits.ts';
import { registerRequestIds, requestIdOf } from './http/request-id.ts';
import { compiledResponseSerializer } from './http/response-serializer.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { loadWebBuild } from './http/web-build.ts';
import languageRoutes from './i18n/language-routes.ts';
import i18nPlugin from './i18n/plugin.ts';
import { AccessLog, loggerOptions } from './logging.ts';
import metricsPlugin from './metrics/plugin.ts';
import { areaRoutes } from './modules/areas/routes.ts';
import { bagRoutes } from './modules/bags/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { bulkBookingRoutes } from './modules/consignments/bulk-routes.ts';
import { parcelListRoutes } from './modules/consignments/list-routes.ts';
import { consignmentRoutes } from './modules/consignments/routes.ts';
import { codeSeal } from './modules/consignments/sealed-codes.ts';
import { trackFormRoute } from './modules/consignments/track-form.ts';
import { trackingRoutes } from './modules/consignments/tracking-routes.ts';
import { freightRoutes } from './modules/freight/routes.ts';
import mailPlugin from './modules/mail/plugin.ts';
import { merchantApiRoutes } from './modules/merchant-api/routes.ts';
import payoutSchedule from './modules/merchants/payout-schedule.ts';
import { merchantRoutes } from './modules/merchants/routes.ts';
import orderExpiryPlugin from './modules/orders/expiry.ts';
import { OrderLifecycle } from './modules/orders/lifecycle.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import { parcelOutcomeRoutes } from './modules/parcel-outcomes/routes.ts';
import { refundConsignmentFee } from './modules/payments/consignment-fee.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { refundOrderPayment, releaseOrderPayment } from './modules/payments/service.ts';
import { createPaymentSetup, type PaymentOptions } from './modules/payments/setup.ts';
import { pickupRoutes } from './modules/pickups/routes.ts';
import { openPictureStore, openPrivatePhotos } from './modules/products/picture-store.ts';
import { productRoutes } from './modules/products/routes.ts';
import { RateCards } from './modules/rates/rate-card-store.ts';
import { rateRoutes } from './modules/rates/routes.ts';
import { confirmationPageRoutes } from './modules/recipient-confirmations/page-routes.ts';
import { recipientConfirmationRoutes } from './modules/recipient-confirmations/routes.ts';
import lookHoursSweep from './modules/recipient-records/look-hours-sweep.ts';
import { recipientRecordRoutes } from './modules/recipient-records/routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/routes.ts';
import { returnRequestRoutes } from './modules/return-requests/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import smsPlugin from './modules/sms/plugin.ts';
import { storeRoutes } from './modules/stores/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { type ResolveHost, resolveWithDns } from './modules/webhooks/addresses.ts';
import webhooksPlugin from './modules/webhooks/plugin.ts';
import type { OutboxTiming } from './outbox/polling-worker.ts';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  webRoot?: string;
  /** Tests write the log to a stream of their own to read it back. */
  logger?: boolean | FastifyBaseLogger | { level: string; stream?: NodeJS.WritableStream };
  /** Where the payment processors are reached (tests point Stripe at a local stand-in). */
  payments?: PaymentOptions;
  /** How often the mail outbox is read and how retries back off (tests shorten them). */
  outboxTiming?: Partial<OutboxTiming>;
  /** True once the server drains on SIGTERM: readiness then answers 503. */
  shuttingDown?: () => boolean;
  /** How merchants' webhook hosts are resolved (tests play a DNS whose answer changes, R-WEBHOOKS). */
  resolveHost?: ResolveHost;
}

/** The whole product as one Fastify instance; every domain plugin is registered here and only here. */
export async function buildApp({
  config,
  database,
  webRoot = DEFAULT_WEB_ROOT,
  logger,
  payments,
  outboxTiming,
  shuttingDown = () => false,
  resolveHost = resolveWithDns,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config, process.stdout.isTTY),
    logController: new AccessLog(),
    // Only the configured proxies may name the client's address (R-PROXY); by default nobody can.
    trustProxy: proxyTrust(config.trustProxy),
    // X-Request-Id is read here, and kept only when well formed (Fastify's requestIdHeader takes any value).
    genReqId: requestIdOf,
    bodyLimit: LIMITS.bodyMaxBytes,
    return503OnClosing: true,
  });
  // First, so that every answer carries the id, whichever hook or handler answers.
  registerRequestIds(app);
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledResponseSerializer);
  registerErrorHandling(app);
  await registerOpenApi(app, config);
  // Before every other plugin: their refusals are put in the request's language on the way out.
  await app.register(i18nPlugin);
  const everyAnswersHeaders = securityHeaders(config);
  registerSecurityHeaders(app, everyAnswersHeaders);
  // Pages, scripts, styles and API answers over 1 KB go brotli- or gzip-compressed to browsers that take it.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(publicReadsPlugin, { config, database, headers: everyAnswersHeaders });
  await app.register(metricsPlugin, { token: config.metricsToken, database, timeZone: config.timeZone });

  // Throttles count in Redis when it is configured, so every instance shares them (R-THROTTLE, R-FLOOD).
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await registerRateLimits(app, redis, config.redisKeyPrefix);
  const trackingLookups = trackingLookupLimit(app, config.rateLimits);
  const throttle = new LoginThrottle(redis ? createRedisAttemptStore(redis, config.redisKeyPrefix) : createMemoryAttemptStore(), {
    freeAttempts: config.rateLimits.signInFreeAttempts,
    attemptsPerAddress: config.rateLimits.signInAttemptsPerAddress,
    attemptsPerAccount: config.rateLimits.signInAttemptsPerAccount,
  });
  const sessions = new LiveSessions(database.db);
  app.addHook('onClose', await sessions.share(config, database, app.log));
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const auth = createAuth({
    db: database.db,
    config,
    secret: authSecret,
    throttle,
    sessions,
    translators: app.translators,
  });
  await app.register(authPlugin, { auth, db: database.db, issuer: config.publicUrl, rateLimits: config.rateLimits, sessions });

  const domain = { db: database.db, config };
  // Product pictures and reviewers' photos, served at /uploads/.
  const pictures = await openPictureStore(config);
  await app.register(pictures.serve);
  await app.register(productRoutes, { ...domain, pictures });
  await app.register(categoryRoutes, domain);
  await app.register(areaRoutes);
  // The prices in force (R-RATE-CARD): quotes and bookings read them here.
  const rates = new RateCards(database.db);
  await app.register(rateRoutes, { config, rates });
  // Photos of handovers (R-PROOF-OF-DELIVERY): private, shown to the parcel's sender and staff only.
  const handoverPhotos = await openPrivatePhotos(config, 'handovers');
  app.addHook('onClose', async () => handoverPhotos.close());
  await app.register(trackingRoutes, { ...domain, trackingLookups, handoverPhotos, codeSeal: codeSeal(authSecret) });
  // Bags between hubs (R-BAGS): their parcels move by the hubs' scans' own moves.
  await app.register(bagRoutes, domain);
  await app.register(pickupRoutes, domain);
  await app.register(freightRoutes, domain);
  // Before the routes: "Make the payouts now" wakes its worker.
  await app.register(payoutSchedule, domain);
  await app.register(merchantRoutes, domain);
  // The day's money checked to the poisha (R-RECONCILIATION): reads the ledger, the hand-ins, the payments and the payouts.
  await app.register(reconciliationRoutes, domain);
  // Status events and ledger lines are partitioned by month (decision 0129): the coming months are made ahead.
  await app.register(historyPartitionSchedule, domain);
  await app.register(cartRoutes, domain);
  // Every order change goes through it; once one commits, the shelves it touched are read again (R-ORDER-STATUS).
  const orders = new OrderLifecycle(database.db, (effects) => app.publicReads.stockChanged(effects.stockChanged));
  const paymentSetup = await createPaymentSetup(orders, config, app.log, payments);
  const releasePayment = (orderId: string) => releaseOrderPayment(paymentSetup.context, orderId);
  const refundPayment = (orderId: string) => refundOrderPayment(paymentSetup.context, orderId);
  await app.register(orderRoutes, { ...domain, lifecycle: orders, releasePayment, refundPayment });
  await app.register(orderExpiryPlugin, { config, database, lifecycle: orders, releasePayment });
  await app.register(overviewRoutes, domain);
  await app.register(paymentRoutes, { db: database.db, payments: paymentSetup, config });
  const refundFee = (consignmentId: string) => refundConsignmentFee(paymentSetup.context, consignmentId);
  await app.register(consignmentRoutes, { ...domain, rates, refundFee, handoverPhotos });
  await app.register(parcelListRoutes, domain);
  await app.register(bulkBookingRoutes, { ...domain, rates });
  await app.register(storeRoutes, domain);
  await app.register(returnRequestRoutes, domain);
  await app.register(recipientRecordRoutes, domain);
  // The hourly look counters are read in their hour only: those older than a day are swept (decision 185).
  await app.register(lookHoursSweep, domain);
  await app.register(parcelOutcomeRoutes, domain);
  await app.register(recipientConfirmationRoutes, domain);
  // Where merchants' webhooks may lead, checked when an endpoint is registered and again when it is sent to (R-WEBHOOKS).
  const webhookRules = { allowPrivate: config.webhookAllowPrivate, resolve: resolveHost };
  await app.register(merchantApiRoutes, { ...domain, rates, webhookRules, refundFee, handoverPhotos });
  await app.register(reviewRoutes, { ...domain, pictures });
  await app.register(userRoutes, { ...domain, lifecycle: orders, releasePayment });
  await app.register(mailPlugin, { ...domain, timing: outboxTiming });
  await app.register(smsPlugin, { ...domain, timing: outboxTiming });
  await app.register(webhooksPlugin, { db: database.db, rules: webhookRules, timing: outboxTiming });

  await app.register(healthRoutes, { database, shuttingDown });
  const documents = () => openApiDocuments(app, config);
  app.get('/api/docs', { schema: { hide: true } }, async () => documents().shop);
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => documents().merchantApi);

  const { publicUrl, shopName, currency, timeZone } = config;
  const build = await loadWebBuild(webRoot, { publicUrl, shopName, currency, timeZone });
  await app.register(seoRoutes, { ...domain, build });
  await app.register(authFormRoutes, { build, rateLimits: config.rateLimits, publicUrl });
  await app.register(newsletterFormRoute, { build });
  await app.register(trackFormRoute, { ...domain, build, trackingLookups });
  await app.register(confirmationPageRoutes, { ...domain, build });
  await app.register(languageRoutes, { db: database.db });
  await registerWebApp(app, webRoot, build, trackingLookups);
  return app;
}
