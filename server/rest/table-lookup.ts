/** Finds the table a URL names, or answers as PostgREST v13 does for an unknown one (404 PGRST205). */
import { RestError } from './rest-error.ts';
import { EXPOSED_SCHEMA, type SchemaCache, type TableInfo } from './schema-cache.ts';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

export async function lookupTable(schema: SchemaCache, name: string): Promise<TableInfo> {
  const table = await schema.table(name);
  if (table) return table;
  const names = await schema.tableNames();
  const best = names
    .map((n) => ({ n, d: distance(n, name) }))
    .sort((x, y) => x.d - y.d)[0];
  const hint = best && best.d <= Math.max(2, name.length / 3) ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${best.n}'` : null;
  throw new RestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`, null, hint);
}
