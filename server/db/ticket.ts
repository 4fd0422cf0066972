/**
 * A place in the embedded database's line that can be given back until the
 * work starts (issue 11). PGlite is one connection: the REST scheduler keeps
 * one read waiting inside the database thread behind the one running, so the
 * thread never idles while the event loop gets round to sending the next
 * (two fifths of the read throughput). The cost would be fairness: a
 * reader arriving while an attacker's runaway statement runs and another
 * waits would wait behind both (issue 10). So the scheduler takes the
 * waiting one back when someone with a better claim arrives, as long as
 * the thread has not started it.
 */

/** The work was given back before it started: the scheduler puts it in line again. */
export class WithdrawnError extends Error {
  constructor() {
    super('withdrawn before it started');
  }
}

export class Ticket {
  private withdrawer: (() => boolean) | undefined;

  /** The database names how to give the place back, once the work is in its hands. */
  bind(withdrawer: (() => boolean) | undefined): void {
    this.withdrawer = withdrawer;
  }

  /** True if the work had not started and now never will (its call rejects with WithdrawnError). */
  withdraw(): boolean {
    return this.withdrawer?.() ?? false;
  }
}
