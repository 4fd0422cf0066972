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
/** Hosted Realtime's bound on an `in` list ("too many values for `in` filter. Maximum 100"). */
export const MAX_IN_VALUES = 100;

/** Conditions are joined by commas; a comma that does not begin one (an `in` list's, a value's) stays in its value. */
export function parseFilter(filter: string): Condition[] {
  return filter.split(/,(?=\s*[A-Za-z_][A-Za-z0-9_]*=[a-z]+\.)/).map((part) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=([a-z]+)\.(.*)$/s.exec(part.trim());
    if (!m || !OPS.has(m[2]!)) throw new BindingError(`Invalid filter: ${part}`);
    const condition: Condition = { column: m[1]!, op: m[2] as Condition['op'], value: m[3]! };
    if (condition.op === 'in') {
      const list = /^\((.*)\)$/s.exec(condition.value);
      if (!list) throw new BindingError(`Invalid filter: ${part}`);
      condition.values = list[1]!.split(',').map((v) => v.trim().replace(/^"(.*)"$/s, '$1'));
      if (condition.values.length > MAX_IN_VALUES) throw new BindingError(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`);
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

/** Is the binding about this table and kind of change (its filter aside)? */
export function concerns(binding: Binding, change: { schema: string; table: string; type: ChangeType }): boolean {
  if (binding.schema !== change.schema) return false;
  if (binding.table !== undefined && binding.table !== change.table) return false;
  return binding.event === '*' || binding.event === change.type;
}

/**
 * Does the row pass the binding's filter? Only ever asked of a row the
 * subscriber may select, cut to the columns it may select (so a condition on
 * any other column fails). A delete's row is its key alone: as on hosted, a
 * delete is not filtered on columns it does not carry.
 */
export function passesFilter(binding: Binding, row: Record<string, unknown>, type: ChangeType): boolean {
  return binding.conditions.every((c) => {
    if (type === 'DELETE' && !(c.column in row)) return true;
    const actual = row[c.column];
    if (c.op === 'in') return c.values!.some((v) => compare(actual, 'eq', v));
    return compare(actual, c.op, c.value);
  });
}
