import { expect } from 'vitest';
import { call, type ShopAddress } from './shop-client.ts';

/** What the test servers that show /metrics are given as METRICS_TOKEN. */
export const METRICS_TOKEN = 'scrape-token-0123456789';

/** /metrics as Prometheus scrapes it, in its text format. */
export async function scrapeMetrics(server: ShopAddress): Promise<string> {
  const answer = await call<string>(server, 'GET', '/metrics', { token: METRICS_TOKEN });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

/**
 * The samples of `name` whose labels include `labels`, summed (`…_total{method="GET",…} 3`); undefined
 * when there is none.
 */
export function sample(metrics: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  const lines = metrics
    .split('\n')
    .filter(
      (line) => (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && wanted.every((pair) => line.includes(pair)),
    );
  return lines.length === 0 ? undefined : lines.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
