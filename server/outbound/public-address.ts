/**
 * Which addresses the server may fetch from on someone else's say-so: the
 * public Internet only, never this machine, its network or a reserved range.
 * ipaddr.js keeps the IANA special-purpose registries (RFC 6890 and its
 * successors) as named ranges; anything it does not call plain `unicast` is
 * refused. IPv4 and IPv6 are judged each by their own rules: an IPv6 address
 * that carries an IPv4 one is judged by that IPv4 address (decision 270).
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/** The allocated global unicast space; the rest of IPv6 is not handed out. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): a DNS64 resolver answers it for IPv4-only names, the IPv4 address in the last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function whyIPv4NotPublic(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = ip.toByteArray();
  return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
}

function whyIPv6NotPublic(ip: ipaddr.IPv6): string | null {
  if (ip.isIPv4MappedAddress()) return whyIPv4NotPublic(ip.toIPv4Address());
  if (ip.match(NAT64_WELL_KNOWN)) return whyIPv4NotPublic(embeddedIPv4(ip));
  const range = ip.range();
  // 6to4 (2002::/16, deprecated by RFC 7526) and Teredo (2001::/32) tunnel to
  // an IPv4 address through relays we cannot judge: refused as named ranges.
  if (range !== 'unicast') return range;
  if (!ip.match(GLOBAL_UNICAST)) return 'not global unicast';
  return null;
}

/**
 * Why `address` (an IP address as DNS or a URL gives it) is not a public
 * address, such as `loopback` or `private`, or null when it is one.
 */
export function whyNotPublic(address: string): string | null {
  // isIP only takes canonical text, so shorthand such as `127.1` never gets here as a "name".
  const family = isIP(address);
  if (family === 4) return whyIPv4NotPublic(ipaddr.IPv4.parse(address));
  if (family === 6) return whyIPv6NotPublic(ipaddr.IPv6.parse(address));
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return whyNotPublic(address) === null;
}
