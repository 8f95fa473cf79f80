import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '#shared/webhooks.ts';

/** How a host name becomes addresses; tests put a DNS that changes its answer in its place (R-WEBHOOKS). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * Addresses a merchant's endpoint may not lead to (R-WEBHOOKS, server-side request forgery): a webhook
 * is a request our servers make wherever a merchant says, so it must not reach our own machines, our
 * private network or a cloud's metadata service (169.254.169.254, fd00:ec2::254).
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, where some clouds put their metadata too (100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, and the metadata service
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local, fd00:ec2::254 among them
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isForbiddenAddress(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is still that IPv4 address.
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped) return FORBIDDEN.check(mapped, 'ipv4');
  return FORBIDDEN.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** A host that may not be called; its message says why, in the merchant's words. */
export class ForbiddenHost extends Error {}

/** A URL's host as addresses are written ([::1] → ::1). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a host leads to, every one of them allowed, or ForbiddenHost: a name that resolves to
 * both a public and a private address is refused too, since either may be the one connected to.
 */
export async function allowedAddresses(host: string, resolve: ResolveHost): Promise<{ address: string; family: 4 | 6 }[]> {
  const family = isIP(host);
  let addresses: { address: string; family: 4 | 6 }[];
  if (family) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new ForbiddenHost(WEBHOOK_MESSAGES.unresolvable);
    }
  }
  if (addresses.length === 0) throw new ForbiddenHost(WEBHOOK_MESSAGES.unresolvable);
  if (addresses.some(({ address }) => isForbiddenAddress(address))) throw new ForbiddenHost(WEBHOOK_MESSAGES.privateAddress);
  return addresses;
}

/**
 * A `lookup` for node's http and https: the connection goes to an address this check just allowed,
 * never to one a second resolution could give (DNS rebinding: public when registered, private when sent).
 */
export function checkedLookup(resolve: ResolveHost): LookupFunction {
  return (host, options, callback) => {
    allowedAddresses(host, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else {
          const [first] = addresses as [{ address: string; family: 4 | 6 }];
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: 'EFORBIDDENHOST' }), ''),
    );
  };
}
