/**
 * A page render is one turn at the database (issue 22, finding 6). The
 * renderer reads through the REST API in-process, a few reads one step after
 * another; taken one turn each, a reader's page waited behind a flooder's
 * runaway statement per read. Here a render waits once, for its reader's
 * turn in the REST line (server/rest/scheduler.ts), keyed by the reader's
 * own address: a flooder's pages are the flooder's turns. In the turn its
 * reads run without queueing again: each Request it makes is marked as
 * belonging to the turn (HeldTurn), found through AsyncLocalStorage, the
 * render's own async context, since one renderer serves every render.
 *
 * The renders of one client that wait at the same time share its next turn
 * (a few at most), and a turn ends when its renders have, or after
 * RENDER_TURN_MS: then any read still to come queues as its client's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { HeldTurn, runsInTurn, type FairScheduler } from '../rest/scheduler.ts';

/** As long as anon's statement_timeout: a render holds the database no longer than one of anon's requests may. */
export const RENDER_TURN_MS = 3000;
/** The renders one turn takes at most (a browser's or a crawler's burst); more wait for the client's next turn. */
const RENDERS_PER_TURN = 8;

interface Entry {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * The turn is marked on the Request object itself, and the REST API's body
 * limit rebuilds a request whose body has no stated length (to count it): a
 * call with a body (an RPC, such as a review page's draft) then lost its mark
 * and waited for the end of its own render's turn, 3 s on PGlite. Its length
 * said, the request goes through as it is.
 */
function withLength(init: RequestInit | undefined): RequestInit | undefined {
  if (typeof init?.body !== 'string') return init;
  const headers = new Headers(init.headers);
  if (!headers.has('content-length')) headers.set('content-length', String(Buffer.byteLength(init.body)));
  return { ...init, headers };
}

export class RenderTurns {
  private readonly current = new AsyncLocalStorage<HeldTurn>();
  /** Per client: the renders waiting for the turn it asked for, which has not begun. */
  private readonly waiting = new Map<string, Entry[]>();

  /**
   * `places`: what a render takes of the line's concurrency. On PGlite all
   * of it, so that no other client's statement starts between a render's
   * reads; on PostgreSQL three, the most the renderer reads at once.
   */
  constructor(
    private readonly scheduler: FairScheduler,
    private readonly places: number,
    private readonly holdMs = RENDER_TURN_MS,
  ) {}

  /** `work` (a render) in `client`'s turn. */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Entry = { work, resolve: resolve as (value: unknown) => void, reject };
      const batch = this.waiting.get(client);
      if (batch && batch.length < RENDERS_PER_TURN) batch.push(entry);
      else this.ask(client, [entry]);
    });
  }

  /** A request the renderer makes: in the turn of the render making it, if any. */
  request(input: Parameters<typeof fetch>[0], init?: RequestInit): Request {
    const request = new Request(input, withLength(init));
    const turn = this.current.getStore();
    return turn ? runsInTurn(request, turn) : request;
  }

  private ask(client: string, batch: Entry[]): void {
    this.waiting.set(client, batch);
    const leave = () => {
      if (this.waiting.get(client) === batch) this.waiting.delete(client);
    };
    this.scheduler
      .run(
        client,
        async () => {
          // Begun: later renders of this client ask for a turn of their own.
          leave();
          const turn = new HeldTurn(client);
          const done = batch.map(async (entry) => {
            try {
              entry.resolve(await this.current.run(turn, entry.work));
            } catch (e) {
              entry.reject(e);
            }
          });
          let timer: NodeJS.Timeout | undefined;
          try {
            await Promise.race([Promise.all(done), new Promise((resolve) => (timer = setTimeout(resolve, this.holdMs)))]);
          } finally {
            clearTimeout(timer);
            turn.end();
          }
        },
        this.places,
      )
      .catch((e: unknown) => {
        // No turn (PGRST003, the line's wait limit): the renders never started.
        leave();
        for (const entry of batch) entry.reject(e);
      });
  }
}
