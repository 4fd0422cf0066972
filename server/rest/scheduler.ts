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
 *
 * A task may take more than one place (issue 22): a page render is one turn
 * for all its reads (server/site/render-turns.ts), and on PGlite it takes
 * every place, so no other client's statement starts between its reads.
 * When its client's turn comes and the places are not free yet, they are
 * kept for it as they free up: no one starts meanwhile.
 */
import type { Database } from '../db/database.ts';
import { POOL_SIZE, POOL_WAIT_MS, PoolTimeoutError } from '../db/postgres.ts';
import { Ticket, WithdrawnError } from '../db/ticket.ts';

/** A client's turn: what its claim was (its last turn before, 0: none), and this turn's number. */
interface Grant {
  turnBefore: number;
  turn: number;
}

interface Waiter {
  start: (grant: Grant) => void;
  timer: NodeJS.Timeout;
  places: number;
}

interface Running {
  client: string;
  ticket: Ticket;
  /** The client's last turn before this one (0: none): what its claim was. */
  turnBefore: number;
  turn: number;
  places: number;
  /** Taken back, its places not free yet (they are when its task has thrown). */
  givenBack: boolean;
}

export class FairScheduler {
  private readonly running = new Set<Running>();
  /** Places taken: by running tasks, and by tasks about to begin (a microtask). */
  private used = 0;
  /** Of those, the places of tasks taken back that have not let go yet. */
  private freeing = 0;
  private started = 0;
  /** Waiting requests by client. */
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each client last started a request (a counter): the least recent goes next. */
  private readonly lastStart = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  /** `places`: how many of the concurrency the task holds (at most all of them). */
  async run<T>(client: string, task: (ticket: Ticket) => Promise<T>, places = 1): Promise<T> {
    const need = Math.max(1, Math.min(places, this.concurrency));
    let again = false;
    // From arrival: a task taken back and queued again does not start a new wait.
    const deadline = Date.now() + this.maxWaitMs;
    for (;;) {
      let grant: Grant;
      if (again || this.used + need > this.concurrency || this.waiting.size > 0) grant = await this.wait(client, again, deadline, need);
      else {
        this.used += need;
        grant = this.grant(client);
      }
      const entry = this.begin(client, need, grant);
      try {
        return await task(entry.ticket);
      } catch (e) {
        if (!(e instanceof WithdrawnError)) throw e;
        // Given back before it started: its turn was not used.
        if (this.lastStart.get(client) === entry.turn) this.setLast(client, entry.turnBefore);
        again = true;
      } finally {
        this.running.delete(entry);
        this.used -= need;
        if (entry.givenBack) this.freeing -= need;
        this.startNext();
      }
    }
  }

  /** Waits for this client's turn; a task given back goes first among its client's. */
  private wait(client: string, first: boolean, deadline: number, places: number): Promise<Grant> {
    const waited = new Promise<Grant>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        places,
        timer: setTimeout(() => {
          this.remove(client, waiter);
          // It may have been the one the free places were kept for.
          this.startNext();
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
    else this.takeBackFor(client, places);
    return waited;
  }

  /**
   * Started tasks that have not reached the database yet, whose claim is
   * weaker than `client`'s: taken back until `places` would be free.
   */
  private takeBackFor(client: string, places: number): void {
    const claim = this.lastStart.get(client) ?? 0;
    let short = this.used - this.freeing + places - this.concurrency;
    for (const r of this.running) {
      if (short <= 0) return;
      if (r.client !== client && !r.givenBack && claim < r.turnBefore && r.ticket.withdraw()) {
        r.givenBack = true;
        this.freeing += r.places;
        short -= r.places;
      }
    }
  }

  /** The client's turn, counted when it is given (not when the task begins, a microtask later): the next choice already sees it. */
  private grant(client: string): Grant {
    const grant = { turnBefore: this.lastStart.get(client) ?? 0, turn: ++this.started };
    this.setLast(client, grant.turn);
    return grant;
  }

  private begin(client: string, places: number, grant: Grant): Running {
    const entry: Running = { client, ticket: new Ticket(), ...grant, places, givenBack: false };
    this.running.add(entry);
    return entry;
  }

  private setLast(client: string, turn: number): void {
    this.lastStart.delete(client);
    if (turn > 0) this.lastStart.set(client, turn);
    // Remember only recent clients: the oldest entries are the least useful.
    if (this.lastStart.size > 10_000) this.lastStart.delete(this.lastStart.keys().next().value!);
  }

  /**
   * The waiting client served least recently starts its oldest request, once
   * there are places enough for it; until then the places are kept for it.
   */
  private startNext(): void {
    while (this.waiting.size > 0) {
      let client = '';
      let turn = Infinity;
      for (const candidate of this.waiting.keys()) {
        const last = this.lastStart.get(candidate) ?? 0;
        if (last < turn) [client, turn] = [candidate, last];
      }
      const queue = this.waiting.get(client)!;
      const waiter = queue[0]!;
      if (this.used + waiter.places > this.concurrency) return;
      queue.shift();
      if (queue.length === 0) this.waiting.delete(client);
      clearTimeout(waiter.timer);
      // Held from now until the task begins (a microtask later), so no one else takes the place.
      this.used += waiter.places;
      waiter.start(this.grant(client));
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

const schedulers = new WeakMap<Database, FairScheduler>();

/**
 * The REST API's line for a database (one per process): the API's requests
 * and the site's renders, which read through the API, take turns in the same one.
 */
export function restScheduler(db: Database): FairScheduler {
  let scheduler = schedulers.get(db);
  if (!scheduler) {
    // PGlite is one connection: one read running, the next waiting in its
    // thread. On PostgreSQL two of the pool stay for sign-ins and the site.
    scheduler = new FairScheduler(db.kind === 'pglite' ? 2 : POOL_SIZE - 2, POOL_WAIT_MS);
    schedulers.set(db, scheduler);
  }
  return scheduler;
}

/**
 * A turn someone holds for several in-process requests (a page render's
 * reads): while it is open they run in it, without queueing again; after,
 * they queue as its client's. Attached to the Request object itself, which
 * only this process makes, so no header from outside can claim one.
 */
export class HeldTurn {
  private open = true;
  constructor(readonly client: string) {}
  get active(): boolean {
    return this.open;
  }
  end(): void {
    this.open = false;
  }
}

const heldTurns = new WeakMap<Request, HeldTurn>();

export function runsInTurn(request: Request, turn: HeldTurn): Request {
  heldTurns.set(request, turn);
  return request;
}

export function heldTurnOf(request: Request): HeldTurn | undefined {
  return heldTurns.get(request);
}
