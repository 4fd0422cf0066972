import { inboxThrottle, signingHost } from './throttle.ts';

it('lets a host send its share a minute, then asks it to wait, and refills with time', () => {
  let now = 0;
  const throttle = inboxThrottle(60, () => now);
  const waits = Array.from({ length: 61 }, () => throttle.take('flood.example'));
  expect(waits.slice(0, 60).every((w) => w === 0)).toBe(true);
  expect(waits[60]).toBe(1);
  expect(throttle.take('other.example')).toBe(0);
  now += 1_000;
  expect(throttle.take('flood.example')).toBe(0);
});

it('reads the host a request is signed by, in either signature format', () => {
  expect(signingHost(new Headers({ Signature: 'keyId="https://social.example/users/a#main-key",algorithm="rsa-sha256"' }))).toBe('social.example');
  expect(signingHost(new Headers({ 'Signature-Input': 'sig1=("@method");keyid="https://b.example:8443/k"' }))).toBe('b.example:8443');
  expect(signingHost(new Headers({ Signature: 'keyId="not a url"' }))).toBeNull();
  expect(signingHost(new Headers())).toBeNull();
});
