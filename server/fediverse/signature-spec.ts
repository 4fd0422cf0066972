/**
 * Which HTTP signature a server takes (issue 45: "draft-cavage, and RFC 9421
 * where the remote accepts it"). A delivery is signed with RFC 9421 first;
 * a server that answers 400 or 401 gets the same request signed with
 * draft-cavage at once (Fedify's "double knocking"), and that choice is
 * remembered for its origin (a month, then it is asked again, in case it
 * learnt RFC 9421), in the fediverse's key–value store so every worker
 * shares it. Servers that took RFC 9421 are not written down: it is tried
 * first anyway.
 */
import type { KvStore } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';

export type SignatureSpec = 'rfc9421' | 'draft-cavage-http-signatures-12';
export const FIRST_SPEC: SignatureSpec = 'rfc9421';
export const FALLBACK_SPEC: SignatureSpec = 'draft-cavage-http-signatures-12';

const REMEMBERED = Temporal.Duration.from({ days: 30 });
/** Origins known in this process, at most this many (then it starts again), each for an hour (the store's month holds). */
const MEMO_LIMIT = 10_000;
const MEMO_MS = 3_600_000;

export interface SignatureSpecs {
  determine(origin: string): Promise<SignatureSpec>;
  fellBack(origin: string): Promise<void>;
}

export function signatureSpecs(kv: KvStore): SignatureSpecs {
  const memo = new Map<string, { spec: SignatureSpec; until: number }>();
  const key = (origin: string) => ['signatureSpec', origin] as const;
  const keep = (origin: string, spec: SignatureSpec) => {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(origin, { spec, until: Date.now() + MEMO_MS });
  };
  return {
    async determine(origin) {
      const known = memo.get(origin);
      if (known && known.until > Date.now()) return known.spec;
      const stored = await kv.get<SignatureSpec>(key(origin));
      const spec = stored === FALLBACK_SPEC ? FALLBACK_SPEC : FIRST_SPEC;
      keep(origin, spec);
      return spec;
    },
    async fellBack(origin) {
      keep(origin, FALLBACK_SPEC);
      await kv.set(key(origin), FALLBACK_SPEC, { ttl: REMEMBERED as never });
    },
  };
}
