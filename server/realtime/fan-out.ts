/**
 * Who hears of which change, and what (protocol §4.3). A subscriber hears
 * nothing at all of a row version it may not select: no message, no binding
 * ids, no error, no key. Its filters are asked only of versions it may see,
 * cut to the columns it may see, so a hundred filters on a draft learn as
 * much as none. Per kind of change:
 *
 * - INSERT: sent when the new row is visible, with the bindings it passes.
 * - UPDATE: the new row visible, sent with it (old_record: the key, as
 *   hosted). Visible before and not after (a post unpublished): an UPDATE
 *   with `record: {}`, the key and `errors: ["Error 401: Unauthorized"]`, to
 *   the bindings the old row passed, so an open page drops what it showed;
 *   it learns only that a row it could read no longer is. Hidden before and
 *   after: nothing.
 * - DELETE: sent, with the key alone, when the deleted row was visible;
 *   filtered on the key only (as hosted: a delete is not filtered on columns
 *   it does not carry). A draft's delete: nothing.
 *
 * Hosted Realtime sends nothing for a row that stops being visible, and sends
 * every delete's key to every subscriber of the table; it cannot know what a
 * row looked like before. Our capture log keeps both versions, so the local
 * backend can be exact in both directions.
 *
 * Before any of this, the subscribers about to hear something whose session
 * has ended (signed out) lose their channels instead (./sessions.ts).
 */
import type { Database } from '../db/database.ts';
import { concerns, passesFilter, type Binding } from './bindings.ts';
import type { Change } from './change-feed.ts';
import type { Channel, Connection, Who } from './connection.ts';
import { SESSION_ENDED, sessionsLive } from './sessions.ts';
import type { TableInfo, Visibility } from './visibility.ts';

interface Recipient {
  change: Change;
  connection: Connection;
  channel: Channel;
  /** The claims the change is judged with (a token pushed meanwhile makes the judgement stale). */
  who: Who;
  bindings: Binding[];
}

/** One subscriber identity's look at one table: every version it must judge, judged at once. */
interface Judgement {
  who: Who;
  schema: string;
  table: string;
  versions: Record<string, unknown>[];
  index: Map<Record<string, unknown>, number>;
  visible?: boolean[];
  columns?: string[];
}

export interface FanOutContext {
  db: Database;
  tables: Map<string, TableInfo>;
  visibility: Visibility;
  connections: Iterable<Connection>;
}

/** Subscribers with one role and claims see the same rows of a table: one judgement serves them all. */
const identity = (who: Who, change: Change) => `${who.role}\n${JSON.stringify(who.claims)}\n${change.schema}.${change.table}`;

/** The versions a change is judged by: the new row, and the old one where there was one. */
const versionsOf = (change: Change) => [change.record, change.old_record].filter((v): v is Record<string, unknown> => v !== null);

function project(row: Record<string, unknown>, columns: string[]): Record<string, unknown> {
  return Object.fromEntries(columns.filter((c) => c in row).map((c) => [c, row[c]]));
}

export async function fanOut(changes: Change[], context: FanOutContext): Promise<void> {
  let recipients: Recipient[] = [];
  for (const change of changes) {
    if (!context.tables.has(`${change.schema}.${change.table}`)) continue;
    for (const connection of context.connections) {
      for (const channel of connection.channels.values()) {
        const bindings = channel.bindings.filter((b) => concerns(b, change));
        if (bindings.length > 0) recipients.push({ change, connection, channel, who: channel.who, bindings });
      }
    }
  }
  if (recipients.length === 0) return;

  // Signed out since joining: the channel ends here, before it hears anything more.
  const live = await sessionsLive(context.db, recipients.map((r) => r.who.claims));
  recipients = recipients.filter((r) => {
    if (live(r.who.claims)) return true;
    r.connection.endIfStill(r.channel, r.who, SESSION_ENDED);
    return false;
  });

  const judgements = new Map<string, Judgement>();
  for (const r of recipients) {
    const key = identity(r.who, r.change);
    let j = judgements.get(key);
    if (!j) judgements.set(key, (j = { who: r.who, schema: r.change.schema, table: r.change.table, versions: [], index: new Map() }));
    for (const version of versionsOf(r.change)) {
      if (!j.index.has(version)) j.index.set(version, j.versions.push(version) - 1);
    }
  }
  for (const j of judgements.values()) {
    const table = { schema: j.schema, name: j.table, key: context.tables.get(`${j.schema}.${j.table}`)!.key };
    Object.assign(j, await context.visibility.judge(j.who, table, j.versions));
  }

  for (const r of recipients) {
    // Left, joined again or given another token since it was judged: the judgement no longer holds.
    if (r.connection.channels.get(r.channel.topic) !== r.channel || r.channel.who !== r.who) continue;
    const message = compose(r, judgements.get(identity(r.who, r.change))!, context.tables.get(`${r.change.schema}.${r.change.table}`)!.key);
    if (message) r.connection.send([r.channel.joinRef, null, r.channel.topic, 'postgres_changes', message]);
  }
}

/** What this recipient is sent of its change, if anything. */
function compose(r: Recipient, j: Judgement, keyColumn: string): { ids: number[]; data: Record<string, unknown> } | undefined {
  const { change } = r;
  const seen = (version: Record<string, unknown> | null) => version !== null && j.visible![j.index.get(version)!] === true;
  const keyOf = (version: Record<string, unknown>) => ({ [keyColumn]: version[keyColumn] });
  const idsFor = (row: Record<string, unknown>, type: Change['type']) => r.bindings.filter((b) => passesFilter(b, row, type)).map((b) => b.id);
  const base = { schema: change.schema, table: change.table, commit_timestamp: change.commit_timestamp, type: change.type, columns: [], errors: null };

  if (change.type === 'DELETE') {
    if (!seen(change.old_record)) return undefined;
    const old = keyOf(change.old_record!);
    const ids = idsFor(old, 'DELETE');
    return ids.length > 0 ? { ids, data: { ...base, old_record: old } } : undefined;
  }
  if (seen(change.record)) {
    const record = project(change.record!, j.columns!);
    const ids = idsFor(record, change.type);
    if (ids.length === 0) return undefined;
    return { ids, data: { ...base, record, ...(change.type === 'UPDATE' ? { old_record: keyOf(change.old_record!) } : {}) } };
  }
  if (change.type === 'UPDATE' && seen(change.old_record)) {
    const ids = idsFor(project(change.old_record!, j.columns!), 'UPDATE');
    if (ids.length === 0) return undefined;
    return { ids, data: { ...base, record: {}, old_record: keyOf(change.old_record!), errors: ['Error 401: Unauthorized'] } };
  }
  return undefined;
}
