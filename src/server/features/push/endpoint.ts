import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { badRequest } from '../../errors.ts';

/**
 * Push endpoints are user input that the server then calls: without these checks a player could
 * make Betbro post to its own network (SSRF). An endpoint must be https and resolve to public
 * addresses only, checked when it is subscribed and again, by the connection's own DNS lookup,
 * whenever a push is sent (so a name that later resolves elsewhere is still refused). Origins
 * listed in PUSH_ENDPOINT_ALLOW skip both checks.
 */

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address in disguise
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (IPv4 or IPv6, IPv4-mapped included) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  // BlockList also matches IPv4-mapped IPv6 addresses in hexadecimal form against the IPv4 rules.
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Whether this endpoint's origin is one PUSH_ENDPOINT_ALLOW lets through unchecked. */
export const isAllowedOrigin = (url: URL, allow: readonly string[]) => allow.includes(url.origin);

const refuse = (message: string) => badRequest(message, 'invalid_push_endpoint');

/** Checks an endpoint before it is stored; throws a 400 `invalid_push_endpoint` when refused. */
export async function checkPushEndpoint(endpoint: string, allow: readonly string[]): Promise<void> {
  if (!URL.canParse(endpoint)) throw refuse('The push endpoint is not a URL');
  const url = new URL(endpoint);
  if (isAllowedOrigin(url, allow)) return;
  if (url.protocol !== 'https:') throw refuse('The push endpoint must use https');
  if (url.username || url.password) throw refuse('The push endpoint must not carry credentials');
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw refuse('The push endpoint’s host could not be resolved');
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw refuse('The push endpoint must be on the public internet');
  }
}

/** The refusal a guarded connection fails with. */
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

/** Whether an endpoint's literal host (if it is an address) may be connected to. */
export function literalHostAllowed(url: URL): boolean {
  const host = hostOf(url);
  return !isIP(host) || isPublicAddress(host);
}
