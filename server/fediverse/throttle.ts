/**
 * Per remote host, how many inbox requests a minute are taken (a token
 * bucket): a server flooding her inbox gets 429 and Retry-After, others are
 * not slowed. The bucket is the host the signature's keyId claims (what a
 * server signs with) together with the client's address (inboxThrottleKey):
 * the claim is read before any verification, and anyone may claim a real
 * server's keyId, so a bucket keyed on it alone let one address exhaust that
 * server's share. In memory: one process serves the inbox.
 */
export interface InboxThrottle {
  /** Seconds to wait, or 0 when the request may go on. */
  take(host: string): number;
}

export function inboxThrottle(perMinute: number, now: () => number = Date.now): InboxThrottle {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const rate = perMinute / 60_000;
  return {
    take(host) {
      const t = now();
      const bucket = buckets.get(host) ?? { tokens: perMinute, at: t };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (t - bucket.at) * rate);
      bucket.at = t;
      buckets.delete(host);
      buckets.set(host, bucket);
      // Oldest forgotten first: a flood of made-up hosts cannot grow this without bound.
      if (buckets.size > 10_000) buckets.delete(buckets.keys().next().value!);
      if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / rate / 1000);
      bucket.tokens -= 1;
      return 0;
    },
  };
}

/** The host a request says it is signed by (draft-cavage `Signature`, or RFC 9421 `Signature-Input`). */
export function signingHost(headers: Headers): string | null {
  const header = headers.get('signature') ?? headers.get('signature-input') ?? '';
  const keyId = /keyid="([^"]+)"/i.exec(header)?.[1];
  if (!keyId) return null;
  try {
    return new URL(keyId).host;
  } catch {
    return null;
  }
}

/** The bucket of a request: the host it claims to be signed by (or none) and the address it came from. */
export function inboxThrottleKey(claimedHost: string, clientAddress: string): string {
  return claimedHost === clientAddress ? clientAddress : `${claimedHost} from ${clientAddress}`;
}
