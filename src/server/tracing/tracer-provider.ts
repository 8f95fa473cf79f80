// Loaded only when traces are wanted (tracing.ts), before the server and its packages are imported.

import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { register as registerModuleHooks, supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';
import { AddressesWithoutPersonalData } from './addresses-without-personal-data.ts';

/** The packages whose modules the instrumentations wrap as they are imported (the rest load untouched). */
const WRAPPED_MODULES = ['pg', 'pg-pool', 'ioredis', 'http', 'https', 'node:http', 'node:https'];

/** Requests machines make every few seconds (load balancers' probes, Prometheus): not worth a trace each. */
const isMachineChatter = (path: string) => path.startsWith('/api/health') || path === '/metrics';

/**
 * Every sampled request as a trace (or a ratio of new traces, with OTEL_TRACES_SAMPLER_ARG between 0 and
 * 1); a request that arrives with a sampled `traceparent` is traced whatever the ratio, as its caller asks.
 */
function samplerOf(env: NodeJS.ProcessEnv) {
  const ratio = env.OTEL_TRACES_SAMPLER_ARG === undefined ? undefined : Number(env.OTEL_TRACES_SAMPLER_ARG);
  if (ratio !== undefined && !(ratio >= 0 && ratio <= 1)) {
    throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, not "${env.OTEL_TRACES_SAMPLER_ARG}"`);
  }
  return new ParentBasedSampler({ root: ratio === undefined ? new AlwaysOnSampler() : new TraceIdRatioBasedSampler(ratio) });
}

/**
 * Traces the server to OTLP over HTTP (decision 96): incoming requests through node:http (a
 * `traceparent` continues its caller's trace) with Fastify's routes, handlers and errors inside them,
 * PostgreSQL queries, Redis commands and outgoing fetches. Database and Redis work outside a request
 * (the outboxes' polls every two seconds) makes no trace of its own. Returns how to send what is left.
 */
export async function traceTheServer(env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  if (!supportsSyncHooks()) {
    throw new Error(`Traces need Node 22.22.3, 24.11.1 or later (in-thread module hooks); this is ${process.version}`);
  }
  registerModuleHooks({ include: WRAPPED_MODULES });

  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'swiftcargo' }).merge(detectResources({ detectors: [envDetector] })),
    sampler: samplerOf(env),
    // The exporter reads OpenTelemetry's own settings: OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT.
    spanProcessors: [new AddressesWithoutPersonalData(), new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => isMachineChatter(request.url ?? '') }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }) => isMachineChatter(url),
        // A span per request and per handler; one per hook (a dozen a request) would bury them.
        instrumentHooks: false,
      }),
      new UndiciInstrumentation(),
      // No parameter values: a query's parameters are customers' emails, phones and addresses.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command's name alone: the throttles' keys hold addresses and emails.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  return () => provider.shutdown();
}
