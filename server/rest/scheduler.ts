/**
 * Who gets the database next (issue 10). REST requests take turns by client
 * address, round-robin, at most `concurrency` at once (the pool less two on
 * PostgreSQL, which keeps room for sign-ins and the site). One address that
 * sends a dozen slow requests waits behind its own; everyone else's come in
 * between. Nobody waits longer than `maxWaitMs`: then the answer is
 * PostgREST's 504 PGRST003.
 *
 * On PGlite (one connection) the concurrency is 2: one read runs in the
 * database thread and the next waits there, so the thread never idles
 * (issue 11). Each task gets a Ticket; when a client arrives whose turn
 * comes before that waiting task's, the task is taken back (if it has not
 * started) and the line decided again, so a reader never waits behind more
 * than the one statement running (server/db/ticket.ts).
 */
import { PoolTimeoutError } from '../db/postgres.ts';
import { Ticket, WithdrawnError } from '../db/ticket.ts';

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

interface Running {
  client: string;
  ticket: Ticket;
  /** The client's last turn before this one (0: none): what its claim was. */
  turnBefore: number;
  turn: number;
}

export class FairScheduler {
  private readonly running = new Set<Running>();
  private reserved = 0;
  private started = 0;
  /** Waiting requests by client. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each client last started a request (a counter): the least recent goes next. */
  private readonly lastStart = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(client: string, task: (ticket: Ticket) => Promise<T>): Promise<T> {
    let again = false;
    // From arrival: a task taken back and queued again does not start a new wait.
    const deadline = Date.now() + this.maxWaitMs;
    for (;;) {
      if (again || this.busy() >= this.concurrency || this.waiting.size > 0) await this.wait(client, again, deadline);
      else this.reserved++;
      const entry = this.begin(client);
      try {
        return await task(entry.ticket);
      } catch (e) {
        if (!(e instanceof WithdrawnError)) throw e;
        // Given back before it started: its turn was not used.
        if (this.lastStart.get(client) === entry.turn) this.setLast(client, entry.turnBefore);
        again = true;
      } finally {
        this.running.delete(entry);
        this.startNext();
      }
    }
  }

  private busy(): number {
    return this.running.size + this.reserved;
  }

  /** Waits for this client's turn; a task given back goes first among its client's. */
  private wait(client: string, first: boolean, deadline: number): Promise<void> {
    const waited = new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          this.remove(client, waiter);
          reject(new PoolTimeoutError());
        }, Math.max(0, deadline - Date.now())),
      };
      const queue = this.waiting.get(client);
      if (!queue) this.waiting.set(client, [waiter]);
      else if (first) queue.unshift(waiter);
      else queue.push(waiter);
    });
    // A task given back goes first among its client's, in whatever place is free now.
    if (first) this.startNext();
    else this.takeBackFor(client);
    return waited;
  }

  /** A started task that has not reached the database yet, whose claim is weaker than `client`'s: take it back. */
  private takeBackFor(client: string): void {
    const claim = this.lastStart.get(client) ?? 0;
    for (const r of this.running) {
      if (r.client !== client && claim < r.turnBefore && r.ticket.withdraw()) return;
    }
  }

  private begin(client: string): Running {
    this.reserved--;
    const entry: Running = { client, ticket: new Ticket(), turnBefore: this.lastStart.get(client) ?? 0, turn: ++this.started };
    this.setLast(client, entry.turn);
    this.running.add(entry);
    return entry;
  }

  private setLast(client: string, turn: number): void {
    this.lastStart.delete(client);
    if (turn > 0) this.lastStart.set(client, turn);
    // Remember only recent clients: the oldest entries are the least useful.
    if (this.lastStart.size > 10_000) this.lastStart.delete(this.lastStart.keys().next().value!);
  }

  /** The waiting client served least recently starts its oldest request. */
  private startNext(): void {
    while (this.busy() < this.concurrency && this.waiting.size > 0) {
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
      // Held from now until the task begins (a microtask later), so no one else takes the place.
      this.reserved++;
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
