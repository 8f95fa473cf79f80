import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * Redocly's `recommended-strict` rules (every warning of `recommended` an error), the same for the shop's
 * document and the merchant API's. No rule is switched off: the spec's path names (/api/addProduct, …)
 * break none of them, `paths-kebab-case` not being among them.
 */
const config = createConfig({ extends: ['recommended-strict'] });

/** Each problem Redocly finds in the document at `url`, one line each: none when it passes. */
export async function lintOpenApi(source: string, url: string): Promise<string[]> {
  const problems = await lintFromString({ source, absoluteRef: url, config: await config });
  return problems.map(
    ({ severity, ruleId, message, location }) => `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`,
  );
}
