/**
 * Which rows a subscriber may see: the table's SELECT policies, run as the
 * subscriber's role with its claims, exactly as for a REST read (hosted
 * Realtime checks RLS the same way before it sends an INSERT or UPDATE).
 */
import type { JWTPayload } from 'jose';
import type { Database } from '../db/database.ts';

export interface TableInfo {
  /** The single-column primary key; events' old_record carries only it. */
  key: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Primary keys of the publication's tables, read once per start (migrations do not run while serving). */
export async function publicationTables(db: Database): Promise<Map<string, TableInfo>> {
  const r = await db.query<{ schema: string; table: string; key: string | null }>(
    `select p.schemaname as schema, p.tablename as table,
            (select a.attname from pg_index i
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and i.indisprimary
              limit 1) as key
       from pg_publication_tables p where p.pubname = 'supabase_realtime'`,
  );
  return new Map(r.rows.filter((t) => t.key).map((t) => [`${t.schema}.${t.table}`, { key: t.key! }]));
}

export async function visibleKeys(
  db: Database,
  who: { role: string; claims: JWTPayload },
  table: { schema: string; name: string; key: string },
  keys: string[],
): Promise<Set<string>> {
  if (who.role === 'service_role') return new Set(keys);
  const [rows] = await db.batch(
    [
      {
        sql: `select ${quote(table.key)}::text as key from ${quote(table.schema)}.${quote(table.name)} where ${quote(table.key)}::text in (select jsonb_array_elements_text($1::jsonb))`,
        params: [JSON.stringify(keys)],
      },
    ],
    {
      readOnly: true,
      settings: [
        ['role', who.role],
        ['request.jwt.claims', JSON.stringify(who.claims)],
        ['search_path', 'public, extensions'],
      ],
      statementTimeoutMs: 3000,
    },
  );
  return new Set(rows!.rows.map((r) => String(r.key)));
}
