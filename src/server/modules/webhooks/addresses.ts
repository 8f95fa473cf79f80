import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '#shared/webhooks.ts';

/** How a host name becomes addresses; tests put a DNS that changes its answer in its place (R-WEBHOOKS). */
export type ResolveHost = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Where the world's IPv6 unicast addresses are given out; anything outside it is not on the public internet. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): a DNS64 resolver gives IPv6-only hosts these for IPv4-only names. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Whether a merchant's endpoint may be at this address (R-WEBHOOKS, server-side request forgery, decision
 * 106): public unicast only, so never our own machines, our private network, a cloud's metadata service,
 * nor a test, benchmark, documentation or reserved range, whatever ranges are added later. Allowing what
 * is public, rather than listing what is refused, leaves no form unlisted. An IPv4 address inside IPv6
 * counts as that IPv4 address where a host could really be reached that way (IPv4-mapped, NAT64's
 * 64:ff9b::/96); the other embedding forms (IPv4-compatible ::a.b.c.d, 6to4, Teredo, NAT64's local-use
 * 64:ff9b:1::/48, RFC 6145's translated form) are outside 2000::/3 or in its special ranges, and refused.
 */
export function isPublicUnicast(address: string): boolean {
  if (!isIP(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  if (v6.match(NAT64)) return ipaddr.fromByteArray(v6.toByteArray().slice(12)).range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
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
  if (!addresses.every(({ address }) => isPublicUnicast(address))) throw new ForbiddenHost(WEBHOOK_MESSAGES.privateAddress);
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
