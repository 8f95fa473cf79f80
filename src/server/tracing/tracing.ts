/**
 * Traces (R-TRACES, decision 96): on when an operator names an OTLP collector, as OpenTelemetry's own
 * settings do; off otherwise, and then free: OpenTelemetry's packages are never loaded and no module
 * is wrapped. Both entry points start it before the server's first import, because the instrumentation
 * can only wrap pg, ioredis, Fastify and node:http as they load.
 */
let stopTracing: () => Promise<void> = async () => {};

/** Whether these settings send traces: an OTLP endpoint named, and the SDK not switched off. */
export function tracesWanted(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED !== 'true' && env.OTEL_TRACES_EXPORTER !== 'none';
}

/** A setting it cannot use stops the start, as the server's own settings do. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!tracesWanted(env)) return;
  try {
    const { traceTheServer } = await import('./tracer-provider.ts');
    stopTracing = await traceTheServer(env);
  } catch (error) {
    console.error(`Traces could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

/** Sends the spans still waiting in memory; the process exits after it. */
export function flushTraces(): Promise<void> {
  return stopTracing();
}
