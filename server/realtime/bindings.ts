/**
 * A channel's postgres_changes bindings (protocol §4.3): which schema, table
 * and event it wants, and its filter (`col=op.value`, several joined with
 * `,` meaning AND), matched against a change's row.
 */

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Binding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string | undefined;
  filter: string | undefined;
  conditions: Condition[];
}

interface Condition {
  column: string;
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  value: string;
  values?: string[];
}

export class BindingError extends Error {}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

export function parseFilter(filter: string): Condition[] {
  return filter.split(',').map((part) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=([a-z]+)\.(.*)$/s.exec(part.trim());
    if (!m || !OPS.has(m[2]!)) throw new BindingError(`Invalid filter: ${part}`);
    const condition: Condition = { column: m[1]!, op: m[2] as Condition['op'], value: m[3]! };
    if (condition.op === 'in') {
      const list = /^\((.*)\)$/s.exec(condition.value);
      if (!list) throw new BindingError(`Invalid filter: ${part}`);
      condition.values = list[1]!.split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
    }
    return condition;
  });
}

/** The binding as the client sent it, checked. */
export function readBinding(raw: unknown, id: number): Binding {
  if (typeof raw !== 'object' || raw === null) throw new BindingError('Invalid postgres_changes binding');
  const b = raw as Record<string, unknown>;
  const event = typeof b.event === 'string' ? b.event.toUpperCase() : '';
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) throw new BindingError(`Invalid event: ${String(b.event)}`);
  const schema = typeof b.schema === 'string' && b.schema ? b.schema : 'public';
  const table = typeof b.table === 'string' && b.table !== '*' && b.table ? b.table : undefined;
  const filter = typeof b.filter === 'string' && b.filter ? b.filter : undefined;
  return { id, event: event as Binding['event'], schema, table, filter, conditions: filter ? parseFilter(filter) : [] };
}

function compare(actual: unknown, op: Condition['op'], expected: string): boolean {
  if (actual === null || actual === undefined) return false;
  const text = typeof actual === 'object' ? JSON.stringify(actual) : String(actual);
  const a = Number(text);
  const b = Number(expected);
  const numeric = text.trim() !== '' && expected.trim() !== '' && !Number.isNaN(a) && !Number.isNaN(b);
  switch (op) {
    case 'eq':
      return numeric ? a === b : text === expected;
    case 'neq':
      return numeric ? a !== b : text !== expected;
    case 'lt':
      return numeric ? a < b : text < expected;
    case 'lte':
      return numeric ? a <= b : text <= expected;
    case 'gt':
      return numeric ? a > b : text > expected;
    case 'gte':
      return numeric ? a >= b : text >= expected;
    case 'in':
      return false;
  }
}

/**
 * Does the change concern this binding? Filters look at the new row (the
 * old one for a delete, where only the key is known: hosted Realtime does
 * not filter deletes either, so a filter on another column lets them pass).
 */
export function matches(binding: Binding, change: { schema: string; table: string; type: ChangeType; row: Record<string, unknown> }): boolean {
  if (binding.schema !== change.schema) return false;
  if (binding.table !== undefined && binding.table !== change.table) return false;
  if (binding.event !== '*' && binding.event !== change.type) return false;
  return binding.conditions.every((c) => {
    if (change.type === 'DELETE' && !(c.column in change.row)) return true;
    const actual = change.row[c.column];
    if (c.op === 'in') return c.values!.some((v) => compare(actual, 'eq', v));
    return compare(actual, c.op, c.value);
  });
}
