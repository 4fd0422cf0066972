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
import { createRequire } from 'node:module';
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

interface PgResult {
  rows: Record<string, unknown>[];
  rowCount: number | null;
  addFields(fields: unknown[]): void;
  parseRow(values: unknown[]): Record<string, unknown>;
  addRow(row: Record<string, unknown>): void;
  addCommandComplete(msg: unknown): void;
}

/** pg's own result builder, with its type parsers (not in @types/pg). */
const Result = createRequire(import.meta.url)('pg/lib/result.js') as new () => PgResult;


export interface PreparedStatement extends Statement {
  /** Its prepared statement's name, when it has parameters ('' for the unnamed one). */
  name: string;
  /** Already prepared on this connection: no Parse. */
  prepared: boolean;
}

/** A result's columns, as Postgres describes them (pg's Field messages). */
export type Fields = unknown[];

export class PipelinedBatch {
  private readonly results: PgResult[] = [];
  private current: PgResult | undefined;
  private failure: Error | undefined;
  private settle!: { resolve: (r: QueryResult<Record<string, unknown>>[]) => void; reject: (e: Error) => void };
  /** Settles once Postgres has answered the whole batch (or the connection failed). */
  readonly done = new Promise<QueryResult<Record<string, unknown>>[]>((resolve, reject) => (this.settle = { resolve, reject }));

  /**
   * @param described the columns of the statements this connection has
   *   described, by prepared name; the batch adds the ones it learns
   */
  constructor(
    private readonly statements: PreparedStatement[],
    private readonly described: Map<string, Fields>,
  ) {}

  /** The columns of the i-th statement when they are known without asking. */
  private known(i: number): Fields | undefined {
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
  private result(): PgResult {
    if (!this.current) {
      this.current = new Result();
      const fields = this.known(this.results.length);
      if (fields) this.current.addFields(fields);
    }
    return this.current;
  }

  handleRowDescription(msg: { fields: Fields }): void {
    this.result().addFields(msg.fields);
    const { name } = this.statements[this.results.length]!;
    if (name) this.described.set(name, msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    if (this.failure) return;
    const result = this.result();
    try {
      result.addRow(result.parseRow(msg.fields));
    } catch (e) {
      // A value its type's parser refuses: the batch fails when Postgres has
      // answered all of it (as pg's own queries do), rather than never.
      this.failure = e instanceof Error ? e : new Error(String(e));
    }
  }

  handleCommandComplete(msg: unknown): void {
    const result = this.result();
    result.addCommandComplete(msg);
    this.results.push(result);
    this.current = undefined;
  }

  handleEmptyQuery(): void {
    this.results.push(this.result());
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
    this.settle.resolve(this.results.map((r) => ({ rows: r.rows, affectedRows: r.rowCount ?? undefined })));
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}
}

/** True for an error Postgres answered (the connection is fine), false for a lost connection. */
export const isServerError = (e: unknown) => e instanceof pg.DatabaseError;
