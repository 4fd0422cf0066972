/**
 * Who gets the database next (issue 10). REST requests take turns by client
 * address, round-robin, at most `concurrency` at once (1 on PGlite, which is
 * one connection; the pool less two on PostgreSQL, which keeps room for
 * sign-ins and the site). One address that sends a dozen slow requests waits
 * behind its own; everyone else's come in between. Nobody waits longer than
 * `maxWaitMs`: then the answer is PostgREST's 504 PGRST003.
 */
import { PoolTimeoutError } from '../db/postgres.ts';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export class FairScheduler {
  private running = 0;
  private started = 0;
  /** Waiting requests by client. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each client last started a request (a counter): the least recent goes next. */
  private readonly lastStart = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(client: string, task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency && this.waiting.size === 0) {
      this.markStart(client);
      return this.execute(task);
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          this.remove(client, waiter);
          reject(new PoolTimeoutError());
        }, this.maxWaitMs),
      };
      const queue = this.waiting.get(client);
      if (queue) queue.push(waiter);
      else this.waiting.set(client, [waiter]);
    });
    return this.execute(task, true);
  }

  private async execute<T>(task: () => Promise<T>, reserved = false): Promise<T> {
    if (!reserved) this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.startNext();
    }
  }

  private markStart(client: string): void {
    this.lastStart.delete(client);
    this.lastStart.set(client, ++this.started);
    // Remember only recent clients: the oldest entries are the least useful.
    if (this.lastStart.size > 10_000) this.lastStart.delete(this.lastStart.keys().next().value!);
  }

  /** The waiting client served least recently starts its oldest request. */
  private startNext(): void {
    while (this.running < this.concurrency && this.waiting.size > 0) {
      let client = '';
      let turn = Infinity;
      for (const candidate of this.waiting.keys()) {
        const last = this.lastStart.get(candidate) ?? 0;
        if (last < turn) [client, turn] = [candidate, last];
      }
      const queue = this.waiting.get(client)!;
      const waiter = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(client);
      clearTimeout(waiter.timer);
      this.markStart(client);
      this.running++;
      waiter.start();
    }
  }

  private remove(client: string, waiter: Waiter): void {
    const queue = this.waiting.get(client);
    if (!queue) return;
    const i = queue.indexOf(waiter);
    if (i >= 0) queue.splice(i, 1);
    if (queue.length === 0) this.waiting.delete(client);
  }
}
