/**
 * Statements known in advance sent to PostgreSQL as one pipeline (issue 11):
 * Bind, Describe and Execute for each (Parse too, the first time a
 * connection sees a statement with parameters: those are prepared once per
 * connection and keep their plan, as PostgREST's are), then a single Sync.
 * Describe only until the connection has described a prepared statement
 * once: its columns cannot change (Postgres fails the statement rather than
 * answer other columns), so they are remembered and not asked again.
 * One write, and one answer: with a Sync per statement Postgres flushes
 * after each, and every flush is another wake-up and read on the event loop
 * (a quarter of a small read's throughput, measured). Before the Sync,
 * Postgres runs everything as one implicit transaction: settings made local
 * by the first statement hold for the rest, everything is committed at the
 * Sync, and the first failure rolls back all and skips the rest.
 *
 * A pg "submittable" (the interface pg-cursor uses): the client hands it the
 * connection and the backend's messages in order.
 */
import pg from 'pg';
import type { QueryResult, Statement } from './database.ts';
import { asText } from './prepared.mjs';

type Connection = {
  parse(m: { text: string; name: string; types: number[] }): void;
  bind(m: { statement: string; portal: string; values: unknown[]; binary: boolean }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows: number }): void;
  sync(): void;
  stream: { cork(): void; uncork(): void };
};

export interface PreparedStatement extends Statement {
  /** Its prepared statement's name, when it has parameters ('' for the unnamed one). */
  name: string;
  /** Already prepared on this connection: no Parse. */
  prepared: boolean;
}

/** A column as Postgres describes it (pg's Field message; values come as text, as bound). */
interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * How a statement's rows read: its column names and their types' parsers
 * (pg's, as its own queries use), made once per description, not once per
 * result as pg's Result makes them.
 */
export class RowShape {
  private readonly names: string[];
  private readonly parsers: ((text: string) => unknown)[];

  constructor(fields: Field[]) {
    this.names = fields.map((f) => f.name);
    this.parsers = fields.map((f) => pg.types.getTypeParser(f.dataTypeID, 'text'));
  }

  row(values: (string | null)[]): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      row[this.names[i]!] = value === null ? null : this.parsers[i]!(value);
    }
    return row;
  }
}

/** The rows a command tag counts: `INSERT 0 3`, `UPDATE 2`, `SELECT 5`; none for `SET`. */
function taggedCount(tag: string): number | undefined {
  const m = /^[A-Za-z]+(?: (\d+))?(?: (\d+))?/.exec(tag);
  const count = m?.[2] ?? m?.[1];
  return count === undefined ? undefined : Number(count);
}

interface Reading {
  shape: RowShape | undefined;
  rows: Record<string, unknown>[];
}

export class PipelinedBatch {
  private readonly results: QueryResult<Record<string, unknown>>[] = [];
  private current: Reading | undefined = undefined;
  private failure: Error | undefined = undefined;
  /** Set by pg's client on what it is given (declared, so this object keeps one shape). */
  callback: undefined = undefined;
  private settle!: { resolve: (r: QueryResult<Record<string, unknown>>[]) => void; reject: (e: Error) => void };
  /** Settles once Postgres has answered the whole batch (or the connection failed). */
  readonly done = new Promise<QueryResult<Record<string, unknown>>[]>((resolve, reject) => (this.settle = { resolve, reject }));

  /**
   * @param described how the rows of the statements this connection has
   *   described read, by prepared name; the batch adds the ones it learns
   */
  constructor(
    private readonly statements: PreparedStatement[],
    private readonly described: Map<string, RowShape>,
  ) {}

  /** How the i-th statement's rows read, when that is known without asking. */
  private known(i: number): RowShape | undefined {
    const s = this.statements[i]!;
    return s.prepared ? this.described.get(s.name) : undefined;
  }

  submit(connection: Connection): null {
    connection.stream.cork();
    try {
      this.statements.forEach((s, i) => {
        if (!s.prepared) connection.parse({ text: s.sql, name: s.name, types: [] });
        connection.bind({ statement: s.name, portal: '', values: (s.params ?? []).map(asText), binary: false });
        if (!this.known(i)) connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  /** The result being read: the one of statement number results.length. */
  private reading(): Reading {
    this.current ??= { shape: this.known(this.results.length), rows: [] };
    return this.current;
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    const shape = new RowShape(msg.fields);
    this.reading().shape = shape;
    const { name } = this.statements[this.results.length]!;
    if (name) this.described.set(name, shape);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.failure) return;
    const reading = this.reading();
    try {
      if (!reading.shape) throw new Error('a row came before its description');
      reading.rows.push(reading.shape.row(msg.fields));
    } catch (e) {
      // A value its type's parser refuses: the batch fails when Postgres has
      // answered all of it (as pg's own queries do), rather than never.
      this.failure = e instanceof Error ? e : new Error(String(e));
    }
  }

  handleCommandComplete(msg: { text: string }): void {
    this.results.push({ rows: this.reading().rows, affectedRows: taggedCount(msg.text) });
    this.current = undefined;
  }

  handleEmptyQuery(): void {
    this.results.push({ rows: [], affectedRows: undefined });
    this.current = undefined;
  }

  /**
   * A statement failed (Postgres skips the rest and answers the Sync), or the
   * connection did. pg hands the ReadyForQuery that follows a failure to no
   * one, so the batch ends here.
   */
  handleError(error: Error): void {
    this.failure ??= error;
    this.settle.reject(this.failure);
  }

  handleReadyForQuery(): void {
    if (this.failure) return this.settle.reject(this.failure);
    this.settle.resolve(this.results);
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}
}

/** True for an error Postgres answered (the connection is fine), false for a lost connection. */
export const isServerError = (e: unknown) => e instanceof pg.DatabaseError;
