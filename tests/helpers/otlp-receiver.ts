import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** One span as an OTLP collector receives it, its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  scope: string;
  service: unknown;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT names: traces are posted to its /v1/traces. */
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

interface KeyValue {
  key: string;
  value: Record<string, unknown>;
}

/** OTLP/JSON keeps each value under its type's name (`stringValue`, `intValue`, …). */
const plain = (attributes: KeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/** A collector's OTLP/HTTP traces endpoint, in JSON as the exporter sends it, on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer(async (request, response) => {
    const body = await text(request);
    if (request.url !== '/v1/traces' || !request.headers['content-type']?.startsWith('application/json')) {
      response.writeHead(404).end();
      return;
    }
    for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
      const service = plain(resourceSpans.resource?.attributes)['service.name'];
      for (const { scope, spans: scopeSpans } of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans ?? []) {
          spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            scope: scope?.name ?? '',
            service,
            attributes: plain(span.attributes),
          });
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
