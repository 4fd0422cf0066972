import { isPublicAddress, whyNotPublic } from './public-address.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['93.184.215.14'],
    ['2001:4860:4860::8888'],
    ['2606:4700:4700::1111'],
    // An IPv6 socket's view of a public IPv4 host, and NAT64 (DNS64) of one: judged by the IPv4 address.
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
  ])('takes %s as public', (address) => {
    expect(whyNotPublic(address)).toBeNull();
  });

  it.each([
    // IPv4 special-purpose ranges
    ['0.1.2.3', 'unspecified'],
    ['10.20.30.40', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['127.0.0.5', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'discard'],
    ['2002:808:808::1', '6to4'],
    ['2002:7f00:1::1', '6to4'],
    ['2001::1', 'teredo'],
    ['::7f00:1', 'not global unicast'],
    ['::808:808', 'not global unicast'],
    // IPv6 carrying a private IPv4 address: judged by the IPv4 rules
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    // Not addresses at all: shorthand IPv4 is refused, never resolved
    ['127.1', 'not an IP address'],
    ['photos.example', 'not an IP address'],
  ])('refuses %s (%s)', (address, why) => {
    expect(whyNotPublic(address)).toBe(why);
    expect(isPublicAddress(address)).toBe(false);
  });
});
