import type { Config } from '#server/config.ts';

/**
 * TRUST_PROXY as Fastify's trustProxy (R-PROXY). Fastify ignores a plain hop count (it trusts nobody
 * then), so a count becomes a function: the socket's peer is hop 0, and hops below the count are proxies.
 * A hop count suits only a server every request reaches through those proxies; a list of addresses is safer.
 */
export function proxyTrust(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
