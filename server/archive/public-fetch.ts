/**
 * The command line's fetch for "Baixar imagens" (`--download-images`): an
 * archive names the addresses, so an address of this machine or its network
 * (loopback, private, link-local such as cloud metadata, unique-local,
 * multicast) is refused, at every redirect, before a byte is asked for.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const MAX_REDIRECTS = 5;

async function assertPublic(url: URL): Promise<void> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`not a web address (${url.protocol})`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  for (const { address, family } of addresses) {
    if (NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4')) throw new Error(`${url.hostname} is not a public address (${address})`);
  }
}

export const fetchPublicImage: typeof fetch = async (input, init) => {
  let url = new URL(input instanceof Request ? input.url : String(input));
  for (let hop = 0; ; hop++) {
    await assertPublic(url);
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
    await response.body?.cancel();
    url = new URL(location, url);
  }
};
