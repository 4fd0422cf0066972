/**
 * A host that answered 429 or 503 is left alone until it said (Retry-After)
 * or, when it did not, for a while: the next request to it is refused here,
 * without a byte sent, so a batch of a hundred clips of one outlet does not
 * hammer it. Callers reschedule their work for `retryAt`.
 */
import { PublicFetchError } from './errors.ts';

const DEFAULT_WAIT_MS = 5 * 60_000;
const MAX_WAIT_MS = 6 * 60 * 60_000;

export function retryAfterMs(header: string | null, now: number): number {
  if (!header) return DEFAULT_WAIT_MS;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms) || ms < 0) return DEFAULT_WAIT_MS;
  return Math.min(Math.max(ms, 1000), MAX_WAIT_MS);
}

export class BusyHosts {
  private readonly until = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Throws when `host` asked to be left alone and the time has not come. */
  check(host: string): void {
    const until = this.until.get(host);
    if (until === undefined) return;
    if (until <= this.now()) {
      this.until.delete(host);
      return;
    }
    throw busyError(host, new Date(until));
  }

  /** Records the answer's wait and returns the refusal the caller throws. */
  mark(host: string, status: number, retryAfter: string | null): PublicFetchError {
    const at = this.now() + retryAfterMs(retryAfter, this.now());
    this.until.set(host, at);
    return busyError(host, new Date(at), status);
  }
}

function busyError(host: string, retryAt: Date, status?: number): PublicFetchError {
  const when = retryAt.toISOString().slice(11, 16);
  const why = status ? `respondeu ${status}` : 'pediu para esperar';
  return new PublicFetchError('busy', `${host} ${why}: nova tentativa depois de ${when} UTC, sem insistir antes.`, { retryAt, status });
}
