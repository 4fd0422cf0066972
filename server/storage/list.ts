/**
 * `list(prefix, options)`'s answer (protocol §3.1): the files and the
 * sub-folders directly in a folder, names relative to it, folders as entries
 * with a null id; filtered by `search` (the start of a name, any case),
 * sorted, then `offset` and `limit` (100 by default), as hosted Storage does.
 */
import type { ObjectRow } from './objects.ts';

export interface ListOptions {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  search?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
}

interface Entry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectRow['metadata'];
}

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

const count = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function listEntries(objects: readonly ObjectRow[], folder: string, options: ListOptions): Entry[] {
  const search = typeof options.search === 'string' ? options.search.toLowerCase() : '';
  const files: Entry[] = [];
  const folders = new Map<string, Entry>();
  for (const o of objects) {
    const rest = o.name.slice(folder.length);
    const slash = rest.indexOf('/');
    const name = slash < 0 ? rest : rest.slice(0, slash);
    if (!name || !name.toLowerCase().startsWith(search)) continue;
    if (slash < 0) {
      files.push({ name, id: o.id, updated_at: o.updated_at, created_at: o.created_at, last_accessed_at: o.last_accessed_at, metadata: o.metadata });
    } else if (!folders.has(name)) {
      folders.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
  }
  const column = typeof options.sortBy?.column === 'string' && SORT_COLUMNS.has(options.sortBy.column) ? options.sortBy.column : 'name';
  const sign = options.sortBy?.order === 'desc' ? -1 : 1;
  const key = (e: Entry) => String(e[column as keyof Entry] ?? '');
  const byKey = (a: Entry, b: Entry) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  // By name, folders and files together; by a date, the folders (which have none) first.
  const sorted = column === 'name' ? [...folders.values(), ...files].sort(byKey) : [...[...folders.values()].sort((a, b) => (a.name < b.name ? -1 : 1)), ...files.sort(byKey)];
  const offset = count(options.offset, 0);
  return sorted.slice(offset, offset + count(options.limit, 100));
}
