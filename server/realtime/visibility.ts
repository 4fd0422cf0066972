/**
 * Which versions of a row a subscriber may see, and which of its columns.
 *
 * A change carries the row as it was written (and, for an update or delete,
 * as it was before), and that version is what the subscriber would receive;
 * so that very version is judged, not whatever the table holds by the time
 * the log is read (a draft published a moment later must not lend its draft
 * text to readers). The judge is the table's own SELECT policies, read from
 * the catalog and run as the subscriber's role with its claims over the
 * logged version, combined as PostgreSQL combines them (permissive ones or-ed,
 * restrictive ones and-ed, none that applies: nothing visible; RLS off, or
 * BYPASSRLS: everything). The columns are those the role may select, as hosted
 * Realtime's apply_rls cuts them (has_column_privilege).
 */
import type { JWTPayload } from 'jose';
import type { Database } from '../db/database.ts';

export interface TableInfo {
  /** The single-column primary key; events' old_record carries only it. */
  key: string;
}

export interface Table {
  schema: string;
  name: string;
  key: string;
}

export interface Subscriber {
  role: string;
  claims: JWTPayload;
}

/** How one role's SELECT on one table decides. */
interface ReadRule {
  /** A boolean SQL expression over the row, which goes by the table's own name. */
  predicate: string;
  /** Columns the role may select; without the key, no row of the table is visible. */
  columns: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: Table) => `${quote(table.schema)}.${quote(table.name)}`;

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

export class Visibility {
  /** Per table and role, read once per start, as the publication's tables are. */
  private readonly rules = new Map<string, Promise<ReadRule>>();

  constructor(private readonly db: Database) {}

  /**
   * For each version of a row of `table` (as the capture trigger logged it),
   * whether the subscriber may select it; and the columns it may see.
   */
  async judge(who: Subscriber, table: Table, versions: Record<string, unknown>[]): Promise<{ visible: boolean[]; columns: string[] }> {
    const rule = await this.rule(table, who.role);
    if (!rule.columns.includes(table.key) || rule.predicate === 'false') return { visible: versions.map(() => false), columns: rule.columns };
    if (rule.predicate === 'true') return { visible: versions.map(() => true), columns: rule.columns };
    const [result] = await this.db.batch(
      [
        {
          // The row goes by the table's own name, as the policies' columns do;
          // in the scalar subquery its columns come before anything outside.
          sql: `select coalesce((select (${rule.predicate}) from jsonb_populate_record(null::${qualified(table)}, v.version) as ${quote(table.name)}), false) as visible
                  from jsonb_array_elements($1::jsonb) with ordinality as v(version, n) order by v.n`,
          params: [JSON.stringify(versions)],
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
    return { visible: result!.rows.map((r) => r.visible === true), columns: rule.columns };
  }

  private rule(table: Table, role: string): Promise<ReadRule> {
    const key = `${table.schema}.${table.name}\n${role}`;
    let rule = this.rules.get(key);
    if (!rule) {
      rule = this.readRule(table, role);
      // A failed read (the database restarting) is asked again next time.
      rule.catch(() => this.rules.delete(key));
      this.rules.set(key, rule);
    }
    return rule;
  }

  private async readRule(table: Table, role: string): Promise<ReadRule> {
    // An empty search_path makes pg_get_expr qualify every name in the
    // policies, so they mean the same wherever they are run.
    const [result] = await this.db.batch(
      [
        {
          sql: `select c.relrowsecurity as rls,
                       r.rolsuper or r.rolbypassrls or (not c.relforcerowsecurity and pg_has_role(r.oid, c.relowner, 'USAGE')) as bypass,
                       coalesce((select jsonb_agg(a.attname::text order by a.attnum) from pg_attribute a
                                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                                    and has_column_privilege(r.oid, c.oid, a.attnum, 'SELECT')), '[]'::jsonb) as columns,
                       coalesce((select jsonb_agg(jsonb_build_object('permissive', p.polpermissive, 'qual', pg_get_expr(p.polqual, p.polrelid)))
                                   from pg_policy p
                                  where p.polrelid = c.oid and p.polcmd in ('r', '*') and p.polqual is not null
                                    and (0::oid = any(p.polroles) or exists (select 1 from unnest(p.polroles) pr where pg_has_role(r.oid, pr, 'USAGE')))),
                                '[]'::jsonb) as policies
                  from pg_class c, pg_roles r
                 where c.oid = $1::text::regclass and r.rolname = $2`,
          params: [qualified(table), role],
        },
      ],
      { readOnly: true, settings: [['search_path', '']] },
    );
    const row = result!.rows[0] as { rls: boolean; bypass: boolean; columns: string[]; policies: { permissive: boolean; qual: string }[] } | undefined;
    // A role that does not exist sees nothing.
    if (!row) return { predicate: 'false', columns: [] };
    if (!row.rls || row.bypass) return { predicate: 'true', columns: row.columns };
    // PostgreSQL's rule: some permissive policy lets the row through, and every restrictive one does.
    const permissive = row.policies.filter((p) => p.permissive).map((p) => `(${p.qual})`);
    const restrictive = row.policies.filter((p) => !p.permissive).map((p) => `(${p.qual})`);
    if (permissive.length === 0) return { predicate: 'false', columns: row.columns };
    return { predicate: [`(${permissive.join(' or ')})`, ...restrictive].join(' and '), columns: row.columns };
  }
}
