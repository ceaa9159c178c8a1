import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { badRequest } from '../../errors.ts';

/**
 * Push endpoints are user input that the server then calls: without these checks a player could
 * make Betbro post to its own network (SSRF), or to any port of any host. An endpoint must be
 * https on port 443 and resolve to global unicast addresses only, checked when it is subscribed
 * and again, by the connection's own DNS lookup, whenever a push is sent (so a name that later
 * resolves elsewhere is still refused). Origins listed in PUSH_ENDPOINT_ALLOW skip these checks.
 */

function blockList(family: 'ipv4' | 'ipv6', subnets: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

/**
 * The IPv4 ranges that are not global unicast: those of IANA's IPv4 special-purpose address
 * registry that are not globally reachable (the few anycast exceptions inside 192.0.0.0/24 are
 * never push services), multicast, and the reserved block with the broadcast address.
 */
const NON_GLOBAL_IPV4 = blockList('ipv4', [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments: DS-Lite, NAT64 discovery...
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast: leads into other networks
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
]);

/**
 * IPv6 global unicast, 2000::/3 (IANA's IPv6 address space). Everything outside it is refused:
 * the forms that carry an IPv4 address (IPv4-compatible ::/96, IPv4-mapped ::ffff:0:0/96,
 * IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48), which would lead to
 * that IPv4 address past the IPv4 rules, and unspecified, loopback, discard 100::/64, SRv6
 * 5f00::/16, unique local fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast.
 */
const GLOBAL_UNICAST_IPV6 = blockList('ipv6', [['2000::', 3]]);

/** The ranges of IANA's IPv6 special-purpose address registry inside 2000::/3 that are refused. */
const NON_GLOBAL_IPV6 = blockList('ipv6', [
  // IETF protocol assignments: Teredo 2001::/32 (an IPv4 address inside), benchmarking, ORCHID;
  // its few globally reachable entries are anycast and relay services, never push services.
  ['2001::', 23],
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
]);

/** Whether `address` (IPv4 or IPv6) is a global unicast address, the only kind pushed to. */
export function isPublicAddress(address: string): boolean {
  switch (isIP(address)) {
    case 4:
      return !NON_GLOBAL_IPV4.check(address, 'ipv4');
    case 6:
      // Separate lists per family: a list holding IPv4 rules would also match IPv4-mapped forms.
      return GLOBAL_UNICAST_IPV6.check(address, 'ipv6') && !NON_GLOBAL_IPV6.check(address, 'ipv6');
    default:
      return false;
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Whether this endpoint's origin is one PUSH_ENDPOINT_ALLOW lets through unchecked. */
export const isAllowedOrigin = (url: URL, allow: readonly string[]) => allow.includes(url.origin);

/**
 * Why an endpoint outside PUSH_ENDPOINT_ALLOW may not be called, as far as its URL tells (null:
 * nothing against it); a host name is checked by the lookups. Asked on subscribing and again
 * before each push, so that rows stored under older rules are held to these.
 */
export function urlRefusal(url: URL): string | null {
  if (url.protocol !== 'https:') return 'The push endpoint must use https';
  if (url.username || url.password) return 'The push endpoint must not carry credentials';
  // The URL parser leaves the port empty when it is the scheme's default, 443.
  if (url.port !== '') return 'The push endpoint must use port 443';
  const host = hostOf(url);
  if (isIP(host) && !isPublicAddress(host)) return 'The push endpoint must be on the public internet';
  return null;
}

const refuse = (message: string) => badRequest(message, 'invalid_push_endpoint');

/** Checks an endpoint before it is stored; throws a 400 `invalid_push_endpoint` when refused. */
export async function checkPushEndpoint(endpoint: string, allow: readonly string[]): Promise<void> {
  if (!URL.canParse(endpoint)) throw refuse('The push endpoint is not a URL');
  const url = new URL(endpoint);
  if (isAllowedOrigin(url, allow)) return;
  const refusal = urlRefusal(url);
  if (refusal) throw refuse(refusal);
  const host = hostOf(url);
  if (isIP(host)) return;
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw refuse('The push endpoint’s host could not be resolved');
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw refuse('The push endpoint must be on the public internet');
  }
}

/**
 * The refusal a push to a refused endpoint fails with: a lookup that found a non-public address,
 * or a stored URL that urlRefusal refuses. It is final: such a push is never tried again.
 */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
}

/**
 * A DNS lookup for outgoing push connections that refuses names resolving to any non-public
 * address, so the address checked is the address connected to.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
      return callback(new NonPublicAddressError(`${hostname} resolves to a non-public address`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
